/** What a client receives for one stored event: `{ id, runId, type, nodeId?, status?, …payload }` (run.onEvent, live.watch). */
import { runEventStatus } from "@/lib/workflow/run/run-events";
import type { StoredEvent } from "./run-store";

export function toWireEvent(e: StoredEvent) {
  return { ...e.event, id: e.id, runId: e.runId, status: runEventStatus(e.event) ?? undefined };
}

export type WireEvent = ReturnType<typeof toWireEvent>;
