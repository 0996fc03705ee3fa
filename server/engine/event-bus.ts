/**
 * The in-process run event bus: subscribers get every committed event with its id. One per
 * process, made by the composition root and handed to the engine and the live streams.
 */
import { EventEmitter } from "node:events";
import type { StoredEvent } from "./run-store";

export interface RunEventBus {
  publish(e: StoredEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(runId: string, listener: (e: StoredEvent) => void): () => void;
  /** Every run's events (the live dashboard); returns the unsubscribe function. */
  subscribeAll(listener: (e: StoredEvent) => void): () => void;
}

/** The channel every event is also emitted on (run ids are `run_…`, never this). */
const ALL = "*";

class EmitterBus implements RunEventBus {
  private emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(0);
  }
  publish(e: StoredEvent): void {
    this.emitter.emit(e.runId, e);
    this.emitter.emit(ALL, e);
  }
  subscribe(runId: string, listener: (e: StoredEvent) => void): () => void {
    this.emitter.on(runId, listener);
    return () => this.emitter.off(runId, listener);
  }
  subscribeAll(listener: (e: StoredEvent) => void): () => void {
    return this.subscribe(ALL, listener);
  }
}

export function createRunEventBus(): RunEventBus {
  return new EmitterBus();
}
