/**
 * The in-process channel of fire notices (lib/triggers/trigger-schema.ts, `FireNotice`): every fire
 * written to a trigger's history is told here, and the live streams that asked for triggers pass it on
 * to the browser. One per process, made by the composition root.
 */
import { EventEmitter } from "node:events";
import type { FireNotice } from "@/lib/triggers/trigger-schema";

export interface FireNotices {
  publish(n: FireNotice): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: (n: FireNotice) => void): () => void;
}

export function createFireNotices(): FireNotices {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (n) => void emitter.emit("fire", n),
    subscribe(listener) {
      emitter.on("fire", listener);
      return () => void emitter.off("fire", listener);
    },
  };
}
