/**
 * The tab's one live channel (`live.watch`, one SSE connection for everything live on the page):
 * views register what they need — a run's events, the pending-approvals count, the runs list — and
 * the connection subscribes once with the union. When that union changes, a view asks to resume,
 * the server's stream breaks, or the tab comes back from the background, it closes the old stream
 * and opens one new one; a run resumes after the id of the last event its store APPLIED (queued
 * events are applied first), never after a stale id. A failed subscription is retried with backoff.
 * Nothing needed → no connection. A tab left in the background closes its stream after
 * `LIVE_HIDDEN_GRACE_MS` (browsers allow ~6 connections per host, and a tab nobody looks at needs
 * none) and resumes when it is in front again, from what was applied: nothing is lost.
 * Pure TypeScript: the transport and timers are given.
 */

import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/api/root";

/** What `live.watch` takes and yields (the live-channel contract), as the client sees it: the router's types. */
export type LiveInput = inferRouterInputs<AppRouter>["live"]["watch"];
export type LiveMessage = inferRouterOutputs<AppRouter>["live"]["watch"] extends AsyncIterable<infer M> ? M : never;

export interface LiveHandlers {
  onData(message: LiveMessage): void;
  onError(error: unknown): void;
}

/** Opens one subscription; the returned function closes it. */
export type LiveTransport = (input: LiveInput, handlers: LiveHandlers) => () => void;

export interface LiveInterest {
  /** A run whose events this view applies. */
  runId?: string;
  /** The id of the last event of `runId` the view applied. */
  lastApplied?: () => number;
  /** Apply whatever is queued before a resubscription reads `lastApplied`. */
  flush?: () => void;
  approvals?: boolean;
  runs?: boolean;
  /** Trigger fires as they are written. */
  triggers?: boolean;
  onMessage(message: LiveMessage): void;
}

/** `paused`: the tab is in the background; the stream resumes when it comes back. */
export type LiveStatus = "idle" | "connecting" | "live" | "retrying" | "paused";

export interface LiveTimers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** Waits before the n-th retry (the last one repeats). */
export const LIVE_BACKOFF_MS = [250, 500, 1000, 2000, 5000, 10_000] as const;

/** A hidden tab keeps its stream this long (a quick look at another tab costs no resubscription). */
export const LIVE_HIDDEN_GRACE_MS = 5000;

export class LiveConnection {
  private readonly interests = new Set<LiveInterest>();
  private close?: () => void;
  private key = "";
  private failures = 0;
  private retryTimer: unknown;
  private reconcileQueued = false;
  private hidden = false;
  private hiddenTimer: unknown;
  private statusListeners = new Set<(s: LiveStatus) => void>();
  status: LiveStatus = "idle";
  /** How many subscriptions this connection opened (tests and the bench count them). */
  opened = 0;

  constructor(
    private readonly transport: LiveTransport,
    private readonly timers: LiveTimers = {
      set: (fn, ms) => setTimeout(fn, ms),
      clear: (h) => clearTimeout(h as number),
    },
    /** Runs `fn` after the current task (so a page mounting several views subscribes once). */
    private readonly defer: (fn: () => void) => void = (fn) => queueMicrotask(fn),
  ) {}

  /** Registers what a view needs; the returned function unregisters it. */
  add(interest: LiveInterest): () => void {
    this.interests.add(interest);
    this.queueReconcile();
    return () => {
      this.interests.delete(interest);
      this.queueReconcile();
    };
  }

  /** Close and subscribe again now, resuming from what was applied (a gap, the tab back in front). */
  reconnect(): void {
    if (this.interests.size === 0 || this.paused) return;
    this.timers.clear(this.retryTimer);
    this.open(true);
  }

  /** Reconnect only when the stream is down (the tab came back from the background). */
  wake(): void {
    if (this.status === "retrying") {
      this.failures = 0;
      this.reconnect();
    }
  }

  /**
   * The tab went to the background (`true`) or came back (`false`). Hidden for longer than
   * `LIVE_HIDDEN_GRACE_MS`: the stream is closed; back in front: resubscribed from what was applied.
   */
  setHidden(hidden: boolean): void {
    if (hidden === this.hidden) return;
    this.hidden = hidden;
    this.timers.clear(this.hiddenTimer);
    if (hidden) {
      this.hiddenTimer = this.timers.set(() => {
        this.timers.clear(this.retryTimer);
        this.shut("paused");
      }, LIVE_HIDDEN_GRACE_MS);
      return;
    }
    if (this.status === "paused" || this.status === "retrying") {
      this.failures = 0;
      this.timers.clear(this.retryTimer);
      this.shut();
      this.open(true);
    }
  }

  onStatus(listener: (s: LiveStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  dispose(): void {
    this.interests.clear();
    this.timers.clear(this.retryTimer);
    this.timers.clear(this.hiddenTimer);
    this.shut();
  }

  private setStatus(s: LiveStatus) {
    if (this.status === s) return;
    this.status = s;
    for (const l of this.statusListeners) l(s);
  }

  private queueReconcile() {
    if (this.reconcileQueued) return;
    this.reconcileQueued = true;
    this.defer(() => {
      this.reconcileQueued = false;
      this.open(false);
    });
  }

  private input(): LiveInput {
    const input: LiveInput = {};
    for (const i of this.interests) {
      if (i.runId) {
        input.runId = i.runId;
        input.afterEventId = i.lastApplied?.() ?? 0;
        input.batch = true;
      }
      if (i.approvals) input.approvals = true;
      if (i.runs) input.runs = true;
      if (i.triggers) input.triggers = true;
    }
    return input;
  }

  private shut(status: LiveStatus = "idle") {
    const close = this.close;
    this.close = undefined;
    this.key = "";
    close?.();
    this.setStatus(status);
  }

  /** Hidden past the grace period: no stream until the tab is in front again. */
  private get paused() {
    return this.status === "paused";
  }

  /** Subscribes with the current union; unless `force`, keeps an open stream that already serves it. */
  private open(force: boolean) {
    if (this.paused) return;
    for (const i of this.interests) i.flush?.();
    const input = this.input();
    const { afterEventId: _resume, ...what } = input;
    const key = JSON.stringify(what);
    if (key === "{}") return this.shut();
    if (!force && key === this.key && this.close) return;
    this.shut();
    this.key = key;
    this.opened++;
    this.setStatus("connecting");
    let closed = false;
    let stop: (() => void) | undefined;
    const end = () => {
      closed = true;
      stop?.();
      stop = undefined;
    };
    stop = this.transport(input, {
      onData: (message) => {
        if (closed) return;
        if (message.kind === "ready") {
          this.failures = 0;
          this.setStatus("live");
        }
        for (const i of [...this.interests]) {
          if ((message.kind === "run-event" || message.kind === "run-events") && !i.runId) continue;
          i.onMessage(message);
        }
      },
      onError: () => {
        if (closed) return;
        end();
        this.close = undefined;
        this.retry();
      },
    });
    // An error reported while subscribing already ended it.
    if (closed) {
      stop?.();
      return;
    }
    this.close = end;
  }

  private retry() {
    const wait = LIVE_BACKOFF_MS[Math.min(this.failures, LIVE_BACKOFF_MS.length - 1)];
    this.failures++;
    this.setStatus("retrying");
    this.timers.clear(this.retryTimer);
    this.retryTimer = this.timers.set(() => this.open(true), wait);
  }
}
