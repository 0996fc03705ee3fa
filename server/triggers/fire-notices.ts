/**
 * Fires as they are recorded, for this process's live channels (a toast when one is refused, the
 * Triggers tab's history). In-process like the run event bus: a fire recorded by another server on the
 * same database reaches that server's clients.
 */
import { EventEmitter } from "node:events";
import type { TriggerFireNotice } from "@/lib/triggers/trigger-schema";

export interface FireNotices {
  publish(n: TriggerFireNotice): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: (n: TriggerFireNotice) => void): () => void;
}

export function createFireNotices(): FireNotices {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (n) => emitter.emit("fire", n),
    subscribe(listener) {
      emitter.on("fire", listener);
      return () => emitter.off("fire", listener);
    },
  };
}
