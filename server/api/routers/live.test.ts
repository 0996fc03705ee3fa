/**
 * live.watch through the router on a real SQLite file: one subscription carries the run's events
 * (replayed, then tailed), the pending-approvals count and run changes, with `ready` after the
 * replay. An approval decided mid-stream loses nothing: the applied ids equal the stored ones, and a
 * second subscription resumed after the last applied id continues without a gap or duplicate.
 */
import { describe, expect, it } from "vitest";
import { SqliteRunStore } from "@/server/engine/sqlite-run-store";
import type { LiveMessage } from "@/server/engine/watch-live";
import { callerAs } from "@/server/test-support/test-callers";
import { useRouterTestDb } from "@/server/test-support/router-test-db";
import { onlyPendingApproval } from "@/server/test-support/pending-approval";
import { until } from "@/server/test-support/until";

const db = useRouterTestDb();

// A → H (human) → B (prints lines while streaming) → C
const template = {
  template_id: "live",
  name: "Live",
  nodes: [
    { id: "A", name: "A", type: "shell", args_template: "for i in 1 2 3 4 5; do echo a$i; done" },
    { id: "H", name: "H", type: "human", prompt: "go?" },
    { id: "B", name: "B", type: "shell", args_template: "for i in $(seq 1 50); do echo b$i; done" },
    { id: "C", name: "C", type: "shell", args_template: "echo c" },
  ],
  edges: [
    { from: "A", to: "H" },
    { from: "H", to: "B" },
    { from: "B", to: "C" },
  ],
};

/** Reads messages until `stop` says so; returns them. */
function collect(stream: AsyncIterable<LiveMessage>, stop: (m: LiveMessage, all: LiveMessage[]) => boolean) {
  const all: LiveMessage[] = [];
  const done = (async () => {
    for await (const m of stream) {
      all.push(m);
      if (stop(m, all)) break;
    }
    return all;
  })();
  return { all, done };
}

describe("live.watch", () => {
  it("replays then tails one run with no gap or duplicate while an approval is decided mid-stream", async () => {
    const editor = callerAs(db, ["editor"]);
    const { runId } = await editor.run.start({ template });
    const waiting = await until(
      () => editor.run.get({ runId }),
      (g) => g.run.status === "waiting",
    );
    const ac = new AbortController();
    const stream = await callerAs(db, ["viewer"], { signal: ac.signal }).live.watch({
      runId,
      afterEventId: 0,
      approvals: true,
      runs: true,
    });
    const isFinished = (m: LiveMessage) => m.kind === "run-event" && m.event.type === "run.finished";
    const watch = collect(stream, isFinished);
    // The replay is out when `ready` arrives: every stored event so far, in order, before it.
    await until(
      async () => watch.all.some((m) => m.kind === "ready"),
      (x) => x,
    );
    const ready = watch.all.findIndex((m) => m.kind === "ready");
    const replayed = watch.all.slice(0, ready).filter((m) => m.kind === "run-event");
    expect(replayed.length).toBeGreaterThanOrEqual(waiting.run.lastEventId);
    expect(watch.all.slice(0, ready)).toContainEqual({ kind: "approvals", pending: 1, revision: 0 });
    const [approval] = (await editor.approval.list({ runId, status: "pending" })).items;
    await callerAs(db, ["approver"]).approval.decide({ approvalId: approval.id, decision: "approve", comment: "go" });
    const all = await watch.done;
    ac.abort();

    const applied = all.flatMap((m) => (m.kind === "run-event" ? [m.event.id] : []));
    const stored = new SqliteRunStore(db().db).eventsAfter(runId, 0).map((e) => e.id);
    expect(applied).toEqual(stored);
    expect(all.filter((m) => m.kind === "ready")).toHaveLength(1);
    const counts = all.flatMap((m) => (m.kind === "approvals" ? [m.pending] : []));
    expect(counts).toEqual([1, 0]);
    const statuses = all.flatMap((m) => (m.kind === "run" ? [m.run.status] : []));
    expect(statuses).toContain("running");
    expect(statuses.at(-1)).toBe("succeeded");
    const decided = all.find((m) => m.kind === "run-event" && m.event.type === "decision.given");
    expect(decided).toMatchObject({ event: { comment: "go", by: "approver@test.local" } });

    // Resuming after the last applied id of a cut stream continues exactly where it stopped.
    const cut = applied[Math.floor(applied.length / 2)];
    const ac2 = new AbortController();
    const again = await callerAs(db, ["viewer"], { signal: ac2.signal }).live.watch({ runId, afterEventId: cut });
    const rest = await collect(again, isFinished).done;
    ac2.abort();
    expect(rest.flatMap((m) => (m.kind === "run-event" ? [m.event.id] : []))).toEqual(stored.filter((id) => id > cut));
  });

  it("a dashboard's stream (runs and approvals, no run) hears of a new run and its approval", async () => {
    const ac = new AbortController();
    const stream = await callerAs(db, ["viewer"], { signal: ac.signal }).live.watch({ approvals: true, runs: true });
    const watch = collect(stream, (m) => m.kind === "approvals" && m.pending === 1);
    await until(
      async () => watch.all.some((m) => m.kind === "ready"),
      (x) => x,
    );
    const { runId } = await callerAs(db, ["editor"]).run.start({ template });
    const all = await watch.done;
    ac.abort();
    expect(all.slice(0, 2)).toEqual([{ kind: "approvals", pending: 0, revision: 0 }, { kind: "ready" }]);
    const runs = all.flatMap((m) => (m.kind === "run" ? [m.run] : []));
    expect(runs[0]).toMatchObject({ id: runId, name: "Live", status: "running", nodeCounts: expect.any(Object) });
    expect(all.some((m) => m.kind === "run-event")).toBe(false);
  });

  it("without a run: the pending count, then ready; an unknown run is NOT_FOUND", async () => {
    const ac = new AbortController();
    const stream = await callerAs(db, ["viewer"], { signal: ac.signal }).live.watch({ approvals: true });
    const first = await collect(stream, (m) => m.kind === "ready").done;
    ac.abort();
    expect(first).toEqual([{ kind: "approvals", pending: 0, revision: 0 }, { kind: "ready" }]);
    const unknown = await callerAs(db, ["viewer"]).live.watch({ runId: "run_nope" });
    await expect(collect(unknown, () => true).done).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("a vote that leaves the count as it was still says the approvals changed (a new revision), so cards refresh", async () => {
    const owner = callerAs(db, ["editor"]);
    const { runId } = await owner.run.start({
      template: {
        template_id: "two-approvers",
        name: "Two approvers",
        nodes: [{ id: "H", name: "H", type: "human", prompt: "ship?", approvals_required: 2 }],
        edges: [],
      },
    });
    const approval = await onlyPendingApproval(owner, runId);
    const ac = new AbortController();
    const stream = await callerAs(db, ["viewer"], { signal: ac.signal }).live.watch({ approvals: true });
    const watch = collect(stream, (m, all) => all.filter((x) => x.kind === "approvals").length === 2);
    await until(
      async () => watch.all.some((m) => m.kind === "ready"),
      (x) => x,
    );
    await callerAs(db, ["approver"], { email: "ann@team.test" }).approval.decide({
      approvalId: approval.id,
      decision: "approve",
    });
    const all = await watch.done;
    ac.abort();
    expect(all.filter((m) => m.kind === "approvals")).toEqual([
      { kind: "approvals", pending: 1, revision: 0 },
      { kind: "approvals", pending: 1, revision: 1 },
    ]);
  });
});
