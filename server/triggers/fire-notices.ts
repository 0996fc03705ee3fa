/**
 * The in-process channel of fire notices (lib/triggers/trigger-schema.ts, `FireNotice`): every fire
 * written to a trigger's history is told here, and the live streams that asked for triggers pass it on
 * to the browser. One per process, made by the composition root; with several servers on one database a fire
 * is also told to the others (`announce`), which pass it on to their streams (`publishHere`).
 */
import { EventEmitter } from "node:events";
import type { FireNotice } from "@/lib/triggers/trigger-schema";

export interface FireNotices {
  /** Here and, with `announce`, on the other servers. */
  publish(n: FireNotice): void;
  /** Here only (another server told of it). */
  publishHere(n: FireNotice): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: (n: FireNotice) => void): () => void;
}

export function createFireNotices(announce?: (n: FireNotice) => void): FireNotices {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const publishHere = (n: FireNotice) => void emitter.emit("fire", n);
  return {
    publish(n) {
      publishHere(n);
      announce?.(n);
    },
    publishHere,
    subscribe(listener) {
      emitter.on("fire", listener);
      return () => void emitter.off("fire", listener);
    },
  };
}
