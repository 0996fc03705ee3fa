import { describe, expect, it } from "vitest";
import {
  LIVE_HIDDEN_GRACE_MS,
  LiveConnection,
  type LiveHandlers,
  type LiveInput,
  type LiveMessage,
} from "./live-connection";

/** A transport that records each subscription; the test plays the server. */
function harness() {
  const subs: { input: LiveInput; handlers: LiveHandlers; closed: boolean }[] = [];
  const timers: { fn: () => void; ms: number; cleared: boolean }[] = [];
  const deferred: (() => void)[] = [];
  const conn = new LiveConnection(
    (input, handlers) => {
      const sub = { input, handlers, closed: false };
      subs.push(sub);
      return () => (sub.closed = true);
    },
    {
      set: (fn, ms) => {
        const t = { fn, ms, cleared: false };
        timers.push(t);
        return t;
      },
      clear: (h) => h && ((h as { cleared: boolean }).cleared = true),
    },
    (fn) => deferred.push(fn),
  );
  const settle = () => {
    for (let f = deferred.shift(); f; f = deferred.shift()) f();
  };
  const open = () => subs.filter((s) => !s.closed);
  return { conn, subs, timers, settle, open };
}

describe("LiveConnection", () => {
  it("serves every view of the page with one subscription, the union of their needs", () => {
    const h = harness();
    const got: LiveMessage[] = [];
    h.conn.add({ approvals: true, onMessage: (m) => got.push(m) });
    h.conn.add({ runs: true, onMessage: () => {} });
    h.conn.add({ runId: "r1", lastApplied: () => 7, onMessage: () => {} });
    h.settle();
    expect(h.subs).toHaveLength(1);
    expect(h.subs[0].input).toEqual({ approvals: true, runs: true, runId: "r1", afterEventId: 7, batch: true });
    // Run events go to the run's view only.
    h.subs[0].handlers.onData({ kind: "run-event", event: { id: 8, runId: "r1", type: "run.started", at: 1 } });
    h.subs[0].handlers.onData({ kind: "approvals", pending: 2, revision: 0 });
    expect(got).toEqual([{ kind: "approvals", pending: 2, revision: 0 }]);
  });

  it("resubscribes after the last APPLIED id: queued events are flushed first", () => {
    const h = harness();
    let applied = 3;
    const queued = [4, 5];
    h.conn.add({
      runId: "r1",
      lastApplied: () => applied,
      flush: () => (applied = queued.splice(0).at(-1) ?? applied),
      onMessage: () => {},
    });
    h.settle();
    expect(h.subs[0].input.afterEventId).toBe(5);
    queued.push(6);
    h.conn.reconnect();
    expect(h.subs[0].closed).toBe(true);
    expect(h.open()).toHaveLength(1);
    expect(h.subs[1].input.afterEventId).toBe(6);
  });

  it("retries a failed subscription with growing backoff, and resets it once live", () => {
    const h = harness();
    let applied = 0;
    h.conn.add({ runId: "r1", lastApplied: () => applied, onMessage: () => {} });
    h.settle();
    h.subs[0].handlers.onError(new Error("503"));
    expect(h.conn.status).toBe("retrying");
    expect(h.timers.map((t) => t.ms)).toEqual([250]);
    h.timers[0].fn();
    h.subs[1].handlers.onError(new Error("503"));
    expect(h.timers.map((t) => t.ms)).toEqual([250, 500]);
    applied = 9;
    h.timers[1].fn();
    expect(h.subs[2].input.afterEventId).toBe(9);
    h.subs[2].handlers.onData({ kind: "ready" });
    expect(h.conn.status).toBe("live");
    h.subs[2].handlers.onError(new Error("dropped"));
    expect(h.timers.at(-1)?.ms).toBe(250);
  });

  it("closes when nothing is needed, and keeps a stream that already serves the union", () => {
    const h = harness();
    const off = h.conn.add({ approvals: true, onMessage: () => {} });
    h.settle();
    const offRun = h.conn.add({ approvals: true, onMessage: () => {} });
    h.settle();
    expect(h.subs).toHaveLength(1);
    offRun();
    off();
    h.settle();
    expect(h.open()).toHaveLength(0);
    expect(h.conn.status).toBe("idle");
  });

  it("an error reported while subscribing still retries", () => {
    const h = harness();
    const conn = new LiveConnection(
      (_input, handlers) => {
        handlers.onError(new Error("refused"));
        return () => {};
      },
      { set: (fn, ms) => h.timers.push({ fn, ms, cleared: false }), clear: () => {} },
      (fn) => fn(),
    );
    conn.add({ approvals: true, onMessage: () => {} });
    expect(conn.status).toBe("retrying");
    expect(h.timers).toHaveLength(1);
  });
});

describe("LiveConnection in a background tab", () => {
  it("closes the stream after the grace period, opens none while hidden, resumes from the applied id in front", () => {
    const h = harness();
    let applied = 4;
    h.conn.add({ runId: "r1", lastApplied: () => applied, onMessage: () => {} });
    h.settle();
    h.conn.setHidden(true);
    // A quick look at another tab: back before the grace period ends, the stream stays.
    h.conn.setHidden(false);
    expect(h.timers.at(-1)).toMatchObject({ ms: LIVE_HIDDEN_GRACE_MS, cleared: true });
    expect(h.open()).toHaveLength(1);
    h.conn.setHidden(true);
    h.timers.at(-1)!.fn();
    expect(h.open()).toHaveLength(0);
    expect(h.conn.status).toBe("paused");
    // Views registering while hidden open nothing.
    h.conn.add({ approvals: true, onMessage: () => {} });
    h.settle();
    h.conn.reconnect();
    expect(h.subs).toHaveLength(1);
    applied = 9;
    h.conn.setHidden(false);
    expect(h.open()).toHaveLength(1);
    expect(h.subs[1].input).toEqual({ runId: "r1", afterEventId: 9, batch: true, approvals: true });
  });

  it("a stream that failed while hidden is not retried until the tab is in front", () => {
    const h = harness();
    h.conn.add({ approvals: true, onMessage: () => {} });
    h.settle();
    h.conn.setHidden(true);
    h.subs[0].handlers.onError(new Error("dropped"));
    const retry = h.timers.at(-1)!;
    h.timers.find((t) => t.ms === LIVE_HIDDEN_GRACE_MS)!.fn();
    expect(retry.cleared).toBe(true);
    h.conn.setHidden(false);
    expect(h.open()).toHaveLength(1);
    expect(h.conn.status).toBe("connecting");
  });
});
