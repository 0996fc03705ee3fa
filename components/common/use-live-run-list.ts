"use client";
/**
 * A live page-at-a-time run list: `run.list` with a cursor, kept current by the live channel's `run` messages
 * (a new run put in its place, a changed one replaced — `mergeLiveRun`) and read again only when the channel
 * (re)connects, never polled. Pushed runs are laid over whatever run.list answered at render, so an answer
 * computed before a change (a refetch in flight when it was pushed) cannot hide it.
 */
import { useInfiniteQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { LiveInterest, LiveMessage } from "@/lib/stores/live-connection";
import { mergeLiveRun } from "@/lib/stores/merge-live-run";
import type { RouterInputs, RouterOutputs } from "@/lib/trpc/router-types";
import { useLiveInterest } from "@/components/app-shell/live-provider";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";

type RunPage = RouterOutputs["run"]["list"];
/** A run as the live channel sends it. */
type LiveRun = Extract<LiveMessage, { kind: "run" }>["run"];
/** run.list's input without the cursor (the list pages itself). */
type RunListFilter = Omit<Exclude<RouterInputs["run"]["list"], void | undefined>, "cursor">;

/** Pushed runs remembered; beyond this the one pushed longest ago is forgotten. */
const MAX_PUSHED = 1000;

export function useLiveRunList(input: RunListFilter) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const runs = useInfiniteQuery(
    trpc.run.list.infiniteQueryOptions(input, { getNextPageParam: (last) => last.nextCursor }),
  );
  const [pushed, setPushed] = useState<ReadonlyMap<string, LiveRun>>(() => new Map());
  const interest = useMemo<LiveInterest>(
    () => ({
      runs: true,
      onMessage: (m) => {
        // Changes before the stream (re)started were never pushed: read the list again once it is live.
        if (m.kind === "ready") void queryClient.invalidateQueries({ queryKey: trpc.run.list.infiniteQueryKey(input) });
        if (m.kind !== "run") return;
        setPushed((prev) => {
          const next = new Map(prev);
          next.delete(m.run.id);
          next.set(m.run.id, m.run);
          if (next.size > MAX_PUSHED) next.delete(next.keys().next().value!);
          return next;
        });
      },
    }),
    [queryClient, trpc, input],
  );
  useLiveInterest(interest);
  const { status, templateId } = input;
  const data = useMemo(() => {
    const fits = (r: LiveRun) => (!status || r.status === status) && (!templateId || r.templateId === templateId);
    let d: InfiniteData<RunPage> | undefined = runs.data;
    for (const run of pushed.values()) d = mergeLiveRun(d, run, fits);
    return d;
  }, [runs.data, pushed, status, templateId]);
  return { runs, items: data?.pages.flatMap((p) => p.items) ?? [] };
}
