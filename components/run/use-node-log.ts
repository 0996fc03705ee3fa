"use client";
/**
 * The node panel's log: the stored log (`run.log`, as the server keeps it) of every attempt the node
 * had when the panel opened, each followed by the `node.log` events applied after its text
 * (`RunLogBufferSync`: exact, by event id); attempts started later come whole from the events. While
 * the stored logs load, or if one fails, or in a replay (which shows the log as it was then), the
 * lines come from the applied events alone — the same lines, only later.
 */
import { useQueries } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { LogLine } from "@/lib/stores/run-log-buffer";
import { RunLogBufferSync, type StoredAttemptLog } from "@/lib/stores/run-log-buffer-sync";
import type { RunViewState } from "@/lib/stores/run-store";
import { useTRPC } from "@/lib/trpc/client";

export interface NodeLog {
  lines: readonly LogLine[];
  /** Attempts whose stored log was cut (by the engine's per-attempt cap or the answer's). */
  truncated: number[];
  /** The stored logs are shown (not only the applied events). */
  stored: boolean;
}

export function useNodeLog(
  runId: string,
  planId: string,
  view: Pick<RunViewState, "events" | "attempts" | "version">,
  replay: boolean,
): NodeLog {
  const trpc = useTRPC();
  // The attempts known when the panel first showed this (plan) node live: later ones arrive whole as events.
  const [opened] = useState(() => new Map<string, number>());
  if (!replay && !opened.has(planId)) opened.set(planId, view.attempts.byNode.get(planId)?.length ?? 0);
  const known = replay ? 0 : (opened.get(planId) ?? 0);
  const answers = useQueries({
    queries: Array.from({ length: known }, (_, k) => ({
      ...trpc.run.log.queryOptions({ runId, nodeId: planId, attempt: k + 1 }),
      // Text and watermark stay true together: never refetched under a panel already showing them.
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      retry: 1,
    })),
  });
  const ready = answers.every((a) => a.isSuccess);
  const data = answers.map((a) => a.data);
  const stored = useMemo(() => {
    const m = new Map<number, StoredAttemptLog>();
    if (ready) data.forEach((d, k) => d && m.set(k + 1, d));
    return m;
    // The answers' data objects are stable once loaded.
  }, [ready, ...data]);
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
