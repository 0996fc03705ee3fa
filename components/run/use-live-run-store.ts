"use client";
/** A run rebuilt in the browser from its events (the run store), fed by the tab's one live channel. */
import { useMemo, useState } from "react";
import { useStore } from "zustand";
import type { StoreApi } from "zustand/vanilla";
import type { LiveInterest } from "@/lib/stores/live-connection";
import { createRunStore, type RunSeed, type RunViewState } from "@/lib/stores/run-store";
import { isTerminalRunStatus } from "@/lib/workflow/model/statuses";
import { useLiveConnection, useLiveInterest } from "@/components/app-shell/live-provider";

/** The run store, fed by the live channel while the run is unfinished (or until caught up). */
export function useLiveRunStore(seed: RunSeed): { store: StoreApi<RunViewState>; caughtUp: boolean; resume(): void } {
  const connection = useLiveConnection();
  const [store] = useState(() =>
    createRunStore(seed, {
      schedule: (flush) => {
        // A hidden tab gets no animation frames: apply on a timer there, or the queue only grows.
        if (document.hidden) setTimeout(flush, 100);
        else requestAnimationFrame(flush);
      },
      onGap: () => connection.reconnect(),
    }),
  );
  // The id received when the server said `ready`: caught up once it is applied (batches are bounded
  // per frame, so a long history is applied over several frames).
  const [readyAt, setReadyAt] = useState<number>();
  const lastEventId = useStore(store, (s) => s.lastEventId);
  const caughtUp = readyAt !== undefined && lastEventId >= readyAt;
  const status = useStore(store, (s) => s.state.status);
  const finished = isTerminalRunStatus(status);
  // Watch until the stored history is applied and the run has ended; a re-run or retry watches again.
  const watching = !(finished && caughtUp);
  const interest = useMemo<LiveInterest | undefined>(
    () =>
      watching
        ? {
            runId: seed.runId,
            lastApplied: () => store.getState().lastEventId,
            flush: () => store.getState().flush(true),
            onMessage: (m) => {
              if (m.kind === "run-event") store.getState().receive(m.event);
              else if (m.kind === "run-events") for (const e of m.events) store.getState().receive(e);
              else if (m.kind === "ready") setReadyAt(store.getState().received());
            },
          }
        : undefined,
    [watching, seed.runId, store],
  );
  useLiveInterest(interest);
  return {
    store,
    caughtUp,
    // After a cancel, retry or re-run: a finished run is watched again from the last applied event
    // (registering the interest subscribes); a watched one resubscribes from there.
    resume: () => {
      if (watching) connection.reconnect();
      else setReadyAt(undefined);
    },
  };
}
