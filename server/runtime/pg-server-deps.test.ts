/**
 * The server on PostgreSQL (`WF_DATABASE_URL`), over real HTTP on 127.0.0.1: the first admin, a saved template, a
 * run started with `run.start` and read back (`run.get`, `run.list`, `run.log`), a live stream that sees its events
 * in order from the database; a restart of the server that finds its data, and a deadline that passed while it
 * was down; and with `WF_SERVE_WORKER=0` the
 * nodes run by a real `wf worker` process while the server answers as their owner, secrets from the database's
 * vault included.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { QueueHarness } from "@/server/worker/test-support/queue-harness";
import { cookieOf } from "@/server/test-support/http-calls";
import { data, PgTestServers } from "@/server/test-support/pg-test-servers";
import { until } from "@/server/test-support/until";

const servers = new PgTestServers();
const workers = new QueueHarness();
afterEach(async () => {
  await workers.cleanup();
  await servers.cleanup();
});

const serve = (env: Record<string, string> = {}) => servers.serve({ WF_SERVER_NAME: "serve-test", ...env });

// A → B: B's output is built from A's, and B logs a line on stderr.
const TEMPLATE = buildTemplate()
  .with({ template_id: "pg-served", name: "Served from PostgreSQL" })
  .node("A", { args_template: "printf hello" })
  .node("B", { args_template: "echo log-line >&2; printf '%s-b' {A.output}" })
  .edge("A", "B")
  .done();

/** A one-node template whose node runs `command`. */
const oneNode = (templateId: string, command: string) =>
  buildTemplate().with({ template_id: templateId, name: templateId }).node("N", { args_template: command }).done();

describe("the server on PostgreSQL", () => {
  it("serves the API from the database: setup, save, run.start, run.get / list / log, a live stream", async () => {
    const { deps, call } = await serve();
    const admin = cookieOf(await call.post("auth.setup", { email: "admin@example.com", password: "admin-password" }));
    const saved = await data(await call.post("template.save", { template: TEMPLATE }, admin));
    expect(saved).toMatchObject({ version: 1 });
    const { runId } = await data(await call.post("run.start", { templateId: "pg-served" }, admin));
    expect(String(runId)).toMatch(/^run_/);
    const state = await deps.engine.settled(runId);
    expect(state.status).toBe("succeeded");

    const got = await data(await call.get("run.get", admin, { runId }));
    expect(got.run).toMatchObject({ id: runId, status: "succeeded", startedBy: "admin@example.com" });
    expect((got.nodes as { id: string; output?: string }[]).map((n) => [n.id, n.output])).toEqual([
      ["A", "hello"],
      ["B", "hello-b"],
    ]);
    const list = await data(await call.get("run.list", admin, {}));
    expect((list.items as { id: string; nodeCounts: object }[])[0]).toMatchObject({
      id: runId,
      nodeCounts: { done: 2 },
    });
    const log = await data(await call.get("run.log", admin, { runId, nodeId: "B" }));
    expect(log).toMatchObject({ attempt: 1, attempts: 1 });
    expect(String(log.text).split("\n").sort()).toEqual(["hello-b", "log-line"]);
    // The stored events replayed to a live client, in order and without a gap, from the database.
    const stored = await deps.runStore.eventsAfter(runId, 0);
    expect(stored.map((e) => e.id)).toEqual(stored.map((_, i) => i + 1));
    const stream = await call.openWatch(admin, { runId, afterEventId: 0, batch: true });
    const text = await stream.until('"kind":"ready"');
    await stream.cancel();
    const ids = [...text.matchAll(/"id":(\d+),"runId"/g)].map((m) => Number(m[1]));
    expect(ids).toEqual(stored.map((e) => e.id));
    expect((await deps.sql.get<{ n: number }>("select count(*) as n from templates"))!.n).toBeGreaterThan(1);
  });

  it("a restarted server finds its accounts, library and runs in the database", async () => {
    const first = await serve();
    const admin = cookieOf(
      await first.call.post("auth.setup", { email: "admin@example.com", password: "admin-password" }),
    );
    await data(await first.call.post("template.save", { template: TEMPLATE }, admin));
    const { runId } = await data(await first.call.post("run.start", { templateId: "pg-served" }, admin));
    await first.deps.engine.settled(runId);
    await first.stop();

    const second = await serve();
    const login = cookieOf(
      await second.call.post("auth.login", { email: "admin@example.com", password: "admin-password" }),
    );
    const got = await data(await second.call.get("run.get", login, { runId }));
    expect(got.run).toMatchObject({ status: "succeeded" });
    const needsSetup = await data(await second.call.get("auth.me", login));
    expect(needsSetup).toMatchObject({ needsSetup: false });
  });

  it("an approval whose deadline passes while the server is down times out once, at the next start", async () => {
    const first = await serve();
    const admin = cookieOf(
      await first.call.post("auth.setup", { email: "admin@example.com", password: "admin-password" }),
    );
    const template = buildTemplate()
      .with({ template_id: "pg-deadline", name: "pg-deadline" })
      .node("CP", { type: "checkpoint", auto_continue: false, timeout_s: 1, on_timeout: "continue" })
      .node("B", { args_template: "printf after" })
      .edge("CP", "B")
      .done();
    await data(await first.call.post("template.save", { template }, admin));
    const { runId } = await data(await first.call.post("run.start", { templateId: "pg-deadline" }, admin));
    const approval = () =>
      first.db.pool.query<{ status: string; timeout_at: string }>(
        "select status, timeout_at from approvals where run_id = $1",
        [runId],
      );
    const asked = await until(approval, (r) => r.rows.length === 1);
    const deadline = Number(asked.rows[0].timeout_at);
    await first.stop();
    // Nobody serves the database when the deadline passes.
    await until(
      async () => Date.now(),
      (now) => now > deadline,
    );
    expect((await approval()).rows[0].status).toBe("pending");

    const second = await serve();
    // The restart re-arms the deadline, already past: it fires at once and the run goes on.
    const { state } = (await until(
      async () => (await second.deps.runStore.loadRun(runId))!,
      (r) => r.state.status === "succeeded",
    ))!;
    expect(state.nodes.B.output).toBe("after");
    expect((await approval()).rows[0].status).toBe("timed_out");
    const timedOut = async () =>
      (await second.deps.runStore.eventsAfter(runId, 0)).filter((e) => e.event.type === "approval.timed-out");
    expect(await timedOut()).toHaveLength(1);

    // Another restart finds the run finished: the deadline is not acted on again.
    await second.stop();
    const third = await serve();
    expect((await third.deps.runStore.loadRun(runId))!.state.status).toBe("succeeded");
    expect(
      (await third.deps.runStore.eventsAfter(runId, 0)).filter((e) => e.event.type === "approval.timed-out"),
    ).toHaveLength(1);
  });

  it("with WF_SERVE_WORKER=0 a wf worker runs the nodes; the server is their owner", async () => {
    const { deps, call, db } = await serve({ WF_SERVE_WORKER: "0" });
    const admin = cookieOf(await call.post("auth.setup", { email: "admin@example.com", password: "admin-password" }));
    await data(await call.post("template.save", { template: TEMPLATE }, admin));
    const { runId } = await data(await call.post("run.start", { templateId: "pg-served" }, admin));
    // Nobody runs A yet: its job waits in the queue for a worker.
    const jobs = () => db.pool.query("select key from graphile_worker.jobs where task_identifier = 'wf_node'");
    await until(jobs, (r) => r.rows.length === 1);
    expect((await jobs()).rows).toEqual([{ key: `${runId}:A:1` }]);
    expect((await deps.runStore.loadRun(runId))!.state.nodes.A.status).toBe("running");
    workers.dir = servers.dir;
    const worker = await workers.startWorker(db);
    expect(worker.banner).toMatch(/^wf worker \S+: taking nodes from PostgreSQL/);
    const state = await deps.engine.settled(runId);
    expect(state.status).toBe("succeeded");
    expect(state.nodes.B.output).toBe("hello-b");
    // Both nodes went through the queue: their jobs and the answers are gone from it once done.
    await until(
      () => db.pool.query("select count(*)::int as n from graphile_worker.jobs"),
      (r) => r.rows[0].n === 0,
    );
    const log = await data(await call.get("run.log", admin, { runId, nodeId: "B" }));
    expect(String(log.text)).toContain("log-line");
  });

  it("a secret set in Settings reaches a node on a worker; a changed value reaches the next run", async () => {
    const { deps, call, db } = await serve({ WF_SERVE_WORKER: "0" });
    workers.dir = servers.dir;
    await workers.startWorker(db);
    const admin = cookieOf(await call.post("auth.setup", { email: "admin@example.com", password: "admin-password" }));
    const secretTemplate = oneNode("pg-secret", "printf %s {secrets.TOKEN} | wc -c | tr -d ' '");
    await data(await call.post("template.save", { template: secretTemplate }, admin));
    const runWith = async (value: string) => {
      await data(await call.post("secret.set", { name: "TOKEN", value }, admin));
      const { runId } = await data(await call.post("run.start", { templateId: "pg-secret" }, admin));
      const state = await deps.engine.settled(runId);
      expect(state.status).toBe("succeeded");
      return state.nodes.N.output;
    };
    expect(await runWith("abc")).toBe("3");
    expect(await runWith("abcdefgh")).toBe("8");
  });

  it("a worker with another secret key fails the node, naming the secret and the key to share", async () => {
    const { deps, call, db } = await serve({ WF_SERVE_WORKER: "0" });
    const admin = cookieOf(await call.post("auth.setup", { email: "admin@example.com", password: "admin-password" }));
    const template = oneNode("pg-secret-key", "printf %s {secrets.SEALED} > ran");
    await data(await call.post("template.save", { template }, admin));
    await data(await call.post("secret.set", { name: "SEALED", value: "only-the-server-opens-me" }, admin));
    workers.dir = servers.dir;
    const worker = await workers.wf(["worker", "--concurrency", "1"], {
      WF_DATABASE_URL: db.url,
      WF_DATA_DIR: servers.dir!,
      WF_WORKER_LOST_S: "1",
      WF_SECRET_KEY: "not the key the server sealed with",
    });
    expect(worker.banner).toMatch(/^wf worker /);
    const { runId } = await data(await call.post("run.start", { templateId: "pg-secret-key" }, admin));
    const state = await deps.engine.settled(runId);
    expect(state.status).toBe("failed");
    expect(state.nodes.N.error).toMatch(
      /\{secrets\.SEALED\}, but this process cannot open it: .*the same WF_SECRET_KEY/,
    );
    expect(fs.existsSync(path.join(servers.dir!, "runs", runId, "ran"))).toBe(false);
    // Answered once, not retried by the queue; the worker is still there.
    await until(
      () => db.pool.query("select count(*)::int as n from graphile_worker.jobs"),
      (r) => r.rows[0].n === 0,
    );
    expect(worker.child.exitCode).toBeNull();
  });

  it("a secret gone before a worker takes the node fails that node, naming it; nothing runs with the reference", async () => {
    const { deps, call, db } = await serve({ WF_SERVE_WORKER: "0" });
    const admin = cookieOf(await call.post("auth.setup", { email: "admin@example.com", password: "admin-password" }));
    const template = oneNode("pg-secret-gone", "printf %s {secrets.GONE} > ran");
    await data(await call.post("template.save", { template }, admin));
    await data(await call.post("secret.set", { name: "GONE", value: "here-at-start" }, admin));
    const { runId } = await data(await call.post("run.start", { templateId: "pg-secret-gone" }, admin));
    await until(
      () => db.pool.query("select key from graphile_worker.jobs where task_identifier = 'wf_node'"),
      (r) => r.rows.length === 1,
    );
    await data(await call.post("secret.delete", { name: "GONE" }, admin));
    workers.dir = servers.dir;
    await workers.startWorker(db);
    const state = await deps.engine.settled(runId);
    expect(state.status).toBe("failed");
    expect(state.nodes.N.error).toMatch(/GONE/);
    expect(fs.existsSync(path.join(servers.dir!, "runs", runId, "ran"))).toBe(false);
  });
});
