/**
 * Several web servers on one PostgreSQL database (decision 055), each with its own HTTP server on 127.0.0.1 and the
 * same data folder: the first leads the runs; a second serves pages, streams and approvals and hands run commands
 * (start, decide, cancel) to the leader — with nodes in the leader's process or on two real `wf worker`s — errors come back as the same typed API errors; its live stream sees the
 * leader's events in order without a gap. When the leader stops, or its hold on the lead breaks, the other takes
 * over and carries on the runs; a command while no server leads is refused after the relay's wait, and leaves
 * nothing behind.
 */
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { cookieOf } from "@/server/test-support/http-calls";
import { data, PgTestServers, type PgTestServer } from "@/server/test-support/pg-test-servers";
import { until } from "@/server/test-support/until";
import { QueueHarness } from "@/server/worker/test-support/queue-harness";

const servers = new PgTestServers();
const workers = new QueueHarness();
afterEach(async () => {
  await workers.cleanup();
  await servers.cleanup();
});

const ADMIN = { email: "admin@example.com", password: "admin-password" };

// CP waits for a person, then B prints.
const GATED = buildTemplate()
  .with({ template_id: "gated", name: "Gated" })
  .node("CP", { type: "checkpoint", auto_continue: false })
  .node("B", { args_template: "printf after" })
  .edge("CP", "B")
  .done();
const SLEEPS = buildTemplate()
  .with({ template_id: "sleeps", name: "Sleeps" })
  .node("S", { args_template: "sleep 30" })
  .done();

async function signIn(server: PgTestServer, first: boolean) {
  const res = first ? await server.call.post("auth.setup", ADMIN) : await server.call.post("auth.login", ADMIN);
  return cookieOf(res);
}

const runStatus = async (server: PgTestServer, who: Record<string, string>, runId: string) =>
  String(((await data(await server.call.get("run.get", who, { runId }))).run as { status: string }).status);

async function pendingApprovalId(server: PgTestServer, who: Record<string, string>, runId: string) {
  const { items } = await until(
    async () =>
      (await data(await server.call.get("approval.list", who, { runId, status: "pending" }))) as unknown as {
        items: { id: string }[];
      },
    (r) => r.items.length === 1,
  );
  return items[0].id;
}

describe("several web servers on one database", () => {
  it("a second server follows: runs started, decided and cancelled through it are the leader's; its stream misses nothing", async () => {
    const a = await servers.serve();
    const b = await servers.serve();
    expect(a.deps.leadership?.leading).toBe(true);
    expect(b.deps.leadership?.leading).toBe(false);
    await signIn(a, true);
    const admin = await signIn(b, false);
    await data(await b.call.post("template.save", { template: GATED }, admin));
    await data(await b.call.post("template.save", { template: SLEEPS }, admin));

    const { runId } = await data(await b.call.post("run.start", { templateId: "gated" }, admin));
    // The leader's engine holds it; the follower's has nothing.
    expect((await a.deps.engine.settled(runId)).status).toBe("waiting");
    const approvalId = await pendingApprovalId(b, admin, runId);
    const stream = await b.call.openWatch(admin, { runId, afterEventId: 0, batch: true });
    await data(await b.call.post("approval.decide", { approvalId, decision: "approve" }, admin));
    const text = await stream.until('"type":"run.finished"');
    await stream.cancel();
    expect(await runStatus(b, admin, runId)).toBe("succeeded");
    const stored = await a.deps.runStore.eventsAfter(runId, 0);
    const ids = [...text.matchAll(/"id":(\d+),"runId"/g)].map((m) => Number(m[1]));
    expect(ids).toEqual(stored.map((e) => e.id));

    const sleeping = await data(await b.call.post("run.start", { templateId: "sleeps" }, admin));
    await until(
      () => runStatus(b, admin, sleeping.runId),
      (s) => s === "running",
    );
    expect(await data(await b.call.post("run.cancel", { runId: sleeping.runId }, admin))).toEqual({ ok: true });
    expect((await a.deps.engine.settled(sleeping.runId)).status).toBe("cancelled");

    // The leader's refusal comes back as the same typed error: 400 with its diagnostics.
    const refused = await b.call.post("run.start", { templateId: "gated", variables: { nope: 1 } }, admin);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("RUN024");
  });

  it("two web servers and two workers: a run started on the follower runs on the workers; the follower's stream misses nothing", async () => {
    const a = await servers.serve({ WF_SERVE_WORKER: "0" });
    const b = await servers.serve({ WF_SERVE_WORKER: "0" });
    workers.dir = servers.dir;
    await Promise.all([workers.startWorker(a.db), workers.startWorker(a.db)]);
    await signIn(a, true);
    const admin = await signIn(b, false);
    //  A ─┬→ B ─┬→ D
    //     └→ C ─┘
    const dag = buildTemplate()
      .with({ template_id: "dag", name: "DAG" })
      .node("A", { args_template: "printf a" })
      .node("B", { args_template: "printf '%s-b' {A.output}" })
      .node("C", { args_template: "printf '%s-c' {A.output}" })
      .node("D", { args_template: "printf '%s+%s' {B.output} {C.output}" })
      .edge("A", "B")
      .edge("A", "C")
      .edge("B", "D")
      .edge("C", "D")
      .done();
    await data(await b.call.post("template.save", { template: dag }, admin));
    const { runId } = await data(await b.call.post("run.start", { templateId: "dag" }, admin));
    const stream = await b.call.openWatch(admin, { runId, afterEventId: 0, batch: true });
    const text = await stream.until('"type":"run.finished"');
    await stream.cancel();
    const state = await a.deps.engine.settled(runId);
    expect(state.status).toBe("succeeded");
    expect(state.nodes.D.output).toBe("a-b+a-c");
    const stored = await a.deps.runStore.eventsAfter(runId, 0);
    const ids = [...text.matchAll(/"id":(\d+),"runId"/g)].map((m) => Number(m[1]));
    expect(ids).toEqual(stored.map((e) => e.id));
    // Every node went through the queue to a worker: nothing is left in it.
    await until(
      () => a.db.pool.query("select count(*)::int as n from graphile_worker.jobs"),
      (r) => r.rows[0].n === 0,
    );
  });

  it("when the leader stops, the follower takes over: a run waiting on the old leader is decided through it and finishes", async () => {
    const a = await servers.serve();
    const b = await servers.serve();
    const first = await signIn(a, true);
    await data(await a.call.post("template.save", { template: GATED }, first));
    const { runId } = await data(await a.call.post("run.start", { templateId: "gated" }, first));
    await a.deps.engine.settled(runId);
    await a.stop();
    await until(
      async () => b.deps.leadership!.leading,
      (leading) => leading,
    );
    const admin = await signIn(b, false);
    const approvalId = await pendingApprovalId(b, admin, runId);
    await data(await b.call.post("approval.decide", { approvalId, decision: "approve" }, admin));
    expect((await b.deps.engine.settled(runId)).status).toBe("succeeded");
  });

  it("a command sent while no server leads waits in the queue and is carried out once the next leader has resumed the runs", async () => {
    const a = await servers.serve();
    // B tries the lock every 2 s (a third of WF_WORKER_LOST_S): long enough to see it wait.
    const b = await servers.serve({ WF_WORKER_LOST_S: "6" });
    const first = await signIn(a, true);
    await data(await a.call.post("template.save", { template: GATED }, first));
    const { runId } = await data(await a.call.post("run.start", { templateId: "gated" }, first));
    const approvalId = await pendingApprovalId(a, first, runId);
    // The lead is held by a connection that is no server while A stops, so B cannot take it yet.
    const stand = new pg.Client({ connectionString: a.db.url });
    await stand.connect();
    await a.stop();
    await stand.query("select pg_advisory_lock(x'77665f7365727665'::bigint)");
    const admin = await signIn(b, false);
    const decided = b.call.post("approval.decide", { approvalId, decision: "approve" }, admin);
    await until(
      () =>
        b.db.pool.query("select count(*)::int as n from graphile_worker.jobs where task_identifier = 'wf_run_command'"),
      (r) => r.rows[0].n === 1,
    );
    expect(b.deps.leadership!.leading).toBe(false);
    await stand.end();
    expect((await decided).status).toBe(200);
    expect(b.deps.leadership!.leading).toBe(true);
    expect((await b.deps.engine.settled(runId)).status).toBe("succeeded");
  });

  it("a leader whose hold on the lead breaks stops advancing runs, and the follower takes over", async () => {
    let lost = 0;
    const a = await servers.serve({}, { onLeadershipLost: () => lost++ });
    const b = await servers.serve();
    // The backend holding the advisory lock is the leader's.
    const { rows } = await a.db.pool.query<{ pid: number }>(
      "select pid from pg_locks where locktype = 'advisory' and granted",
    );
    expect(rows).toHaveLength(1);
    await a.db.pool.query("select pg_terminate_backend($1)", [rows[0].pid]);
    await until(
      async () => b.deps.leadership!.leading && lost === 1,
      (ok) => ok,
    );
    expect(a.deps.leadership!.leading).toBe(false);
  });

  it("what one server changes reaches the other: a secret set on the follower, a role changed on the leader, a fire", async () => {
    const a = await servers.serve();
    const b = await servers.serve();
    const admin = await signIn(a, true);
    const onB = await signIn(b, false);
    const counts = buildTemplate()
      .with({ template_id: "counts", name: "Counts" })
      .node("N", { args_template: "printf %s {secrets.TOKEN} | wc -c | tr -d ' '" })
      .done();
    await data(await b.call.post("template.save", { template: counts }, onB));
    await data(await b.call.post("secret.set", { name: "TOKEN", value: "abcd" }, onB));
    // The leader reads secrets from its own copy: the follower's notice reloads it.
    await until(
      async () => a.deps.secrets.list().map((x) => x.name),
      (names) => names.includes("TOKEN"),
    );
    const { runId } = await data(await b.call.post("run.start", { templateId: "counts" }, onB));
    const state = await a.deps.engine.settled(runId);
    expect(state.status).toBe("succeeded");
    expect(state.nodes.N.output).toBe("4");

    // A user's role changed on the leader ends that user's stream on the follower.
    const watcher = { email: "watcher@example.com", password: "watcher-password" };
    const { user } = await data(await a.call.post("user.create", { ...watcher, roles: ["viewer"] }, admin));
    const session = cookieOf(await b.call.post("auth.login", watcher));
    const stream = await b.call.openWatch(session);
    await data(
      await a.call.post("user.setRoles", { id: (user as { id: string }).id, roles: ["viewer", "approver"] }, admin),
    );
    expect(await stream.ended).toContain("UNAUTHORIZED");

    // A trigger's fire on the follower reaches a dashboard's stream on the leader.
    const fires = await a.call.openWatch(admin, { triggers: true });
    b.deps.triggers.ctx.notices.publish({
      triggerId: "trg_elsewhere",
      kind: "webhook",
      templateId: "tpl_x",
      templateName: "X",
      outcome: "refused",
      reason: "bad signature",
      at: new Date(0).toISOString(),
    });
    const text = await fires.until("trg_elsewhere");
    await fires.cancel();
    expect(text).toContain('"kind":"trigger-fire"');
  });

  it("a command while no server leads is refused after the relay's wait (503) and leaves nothing in the queue", async () => {
    const holder = await servers.serve();
    await data(await holder.call.post("template.save", { template: GATED }, await signIn(holder, true)));
    // The lock held by a connection that is no server: nobody takes commands.
    await holder.stop();
    const stand = new pg.Client({ connectionString: holder.db.url });
    await stand.connect();
    try {
      await stand.query("select pg_advisory_lock(x'77665f7365727665'::bigint)");
      const b = await servers.serve({}, { relayTimeoutMs: 500 });
      expect(b.deps.leadership!.leading).toBe(false);
      const admin = await signIn(b, false);
      const res = await b.call.post("run.start", { templateId: "gated" }, admin);
      expect(res.status).toBe(503);
      expect(JSON.stringify(await res.json())).toContain("no web server leads the runs at the moment");
      const jobs = await b.db.pool.query("select count(*)::int as n from graphile_worker.jobs");
      expect(jobs.rows[0].n).toBe(0);
      expect((await b.db.pool.query("select count(*)::int as n from runs")).rows[0].n).toBe(0);
    } finally {
      await stand.end();
    }
  });
});
