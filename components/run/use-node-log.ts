"use client";
/**
 * The node panel's log: the stored logs (`run.log`, as the server keeps them) of every attempt the
 * node had when the panel opened — the latest answer says how many — then the node's `node.log`
 * events applied after them (`RunLogBufferSync`: exact, by event id). A reopened run shows its
 * stored logs at once, before the store has applied its history. While they load, if one fails,
 * or in a replay (the log as it was then), the lines come from the applied events alone.
 */
import { useQueries, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { LogLine } from "@/lib/stores/run-log-buffer";
import { RunLogBufferSync, type StoredAttemptLog } from "@/lib/stores/run-log-buffer-sync";
import type { RunViewState } from "@/lib/stores/run-store";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";

export interface NodeLog {
  lines: readonly LogLine[];
  /** Attempts whose stored log was cut (by the engine's per-attempt cap or the answer's). */
  truncated: number[];
  /** The stored logs are shown (not only the applied events). */
  stored: boolean;
}

/** Text and watermark stay true together: never refetched under a panel already showing them. */
const ONCE = { staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false, retry: 1 } as const;

export function useNodeLog(
  runId: string,
  planId: string,
  view: Pick<RunViewState, "events" | "version">,
  replay: boolean,
): NodeLog {
  const trpc = useTRPC();
  const latest = useQuery({ ...trpc.run.log.queryOptions({ runId, nodeId: planId }), ...ONCE, enabled: !replay });
  const earlier = useQueries({
    queries: Array.from({ length: Math.max(0, (latest.data?.attempts ?? 0) - 1) }, (_, k) => ({
      ...trpc.run.log.queryOptions({ runId, nodeId: planId, attempt: k + 1 }),
      ...ONCE,
      enabled: !replay,
    })),
  });
  const ready = !replay && latest.isSuccess && earlier.every((a) => a.isSuccess);
  const answers = [...earlier.map((a) => a.data), latest.data];
  const stored = useMemo(() => {
    const m = new Map<number, StoredAttemptLog>();
    if (ready) answers.forEach((d, k) => d && d.attempts > 0 && m.set(k + 1, d));
    return m;
    // The answers' data objects are stable once loaded.
  }, [ready, ...answers]);
  // A replay moving back gets a fresh events list: a fresh sync.
  const sync = useMemo(() => new RunLogBufferSync(planId, stored), [planId, stored, view.events]);
  // Incremental and idempotent: reads only the events applied since the last render.
  sync.sync(view.events);
  return {
    lines: sync.buffer.lines,
    truncated: [...stored].filter(([, s]) => s.truncated).map(([k]) => k),
    stored: stored.size > 0,
  };
}
