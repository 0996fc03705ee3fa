/** run.simulate and run.compare over the real router and SQLite: nothing stored, nothing sent, estimates from stored runs. */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { callerAs } from "@/server/test-support/test-callers";
import { useRouterTestDb } from "@/server/test-support/router-test-db";
import { until } from "@/server/test-support/until";

const t = useRouterTestDb();
const caller = (roles: ("viewer" | "admin")[] = ["admin"]) => callerAs(t, roles);

let server: http.Server;
let url = "";
const requests: string[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    res.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

//  A (shell) → H (http) → G (gate on A's output) ─yes→ Y
//                                                └else→ N → R (human)
const flow = () => ({
  template_id: "sim-flow",
  name: "Simulated flow",
  context_schema: { who: { type: "string", required: true } },
  nodes: [
    { id: "A", name: "Make", type: "shell", args_template: "echo made > made.txt && echo {who}" },
    { id: "H", name: "Notify", type: "http", method: "POST", url },
    { id: "G", name: "Route", type: "gate", condition: "{A.output}" },
    { id: "Y", name: "Yes", type: "shell", args_template: "echo yes" },
    { id: "N", name: "No", type: "shell", args_template: "echo no" },
    { id: "R", name: "Review", type: "human", prompt: "ok?" },
  ],
  edges: [
    { from: "A", to: "H" },
    { from: "H", to: "G" },
    { from: "G", to: "Y", label: "yes" },
    { from: "G", to: "N", label: "else" },
    { from: "N", to: "R" },
  ],
});

function counts() {
  const c = t().db.$client;
  const one = (sql: string) => (c.prepare(sql).get() as { n: number }).n;
  return {
    runs: one("select count(*) as n from runs"),
    events: one("select count(*) as n from run_events"),
    approvals: one("select count(*) as n from approvals"),
    audit: one("select count(*) as n from audit_log"),
  };
}
const runsDir = () => t().deps.config.runsDir;
const filesUnder = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }) : []);

describe("run.simulate", () => {
  it("simulates a saved template: no run row, event, approval, audit row, file or HTTP request", async () => {
    const { id } = await caller().template.save({ template: flow() });
    const before = counts();
    requests.length = 0;
    const r = await caller(["viewer"]).run.simulate({
      templateId: id,
      variables: { who: "ann" },
      mocks: { A: { output: "no" } },
    });
    expect(r.status).toBe("succeeded");
    expect(r.nodes.map((n) => [n.id, n.status])).toEqual([
      ["A", "done"],
      ["H", "done"],
      ["G", "done"],
      ["Y", "skipped"],
      ["N", "done"],
      ["R", "done"],
    ]);
    expect(r.gates).toEqual([
      {
        nodeId: "G",
        value: "no",
        taken: ["else"],
        skipped: ["Y"],
        why: expect.stringContaining('"{A.output}" became "no"'),
      },
    ]);
    expect(r.assumed).toEqual(["R: a person approves"]);
    expect(r.estimate).toBeUndefined();
    expect(counts()).toEqual(before);
    expect(filesUnder(runsDir())).toEqual([]);
    expect(fs.existsSync(path.join(t().dir, "made.txt"))).toBe(false);
    expect(requests).toEqual([]);
  });

  it("a real run of the same template does send the request (the recording server works)", async () => {
    requests.length = 0;
    const { runId } = await caller().run.start({ template: flow(), variables: { who: "ann" } });
    await until(
      () => caller().run.get({ runId }),
      (g) => g.run.status === "waiting" || g.run.status === "failed",
    );
    expect(requests).toEqual(["POST /hook"]);
  });

  it("estimates from the template's finished runs", async () => {
    const template = {
      template_id: "sim-est",
      name: "Estimated",
      nodes: [
        { id: "A", name: "A", type: "shell", args_template: "true" },
        { id: "B", name: "B", type: "shell", args_template: "true" },
      ],
      edges: [{ from: "A", to: "B" }],
    };
    const { id } = await caller().template.save({ template });
    for (let i = 0; i < 2; i++) {
      const { runId } = await caller().run.start({ templateId: id });
      await until(
        () => caller().run.get({ runId }),
        (g) => g.run.status === "succeeded",
      );
    }
    // Durations as stored rows say: A took 100 and 300 ms, B 1000 and 3000 ms.
    const set = t().db.$client.prepare(
      "update node_runs set started_at = 0, finished_at = ? where run_id = ? and node_id = ?",
    );
    const ids = (await caller().run.list({})).items.filter((r) => r.templateId === id).map((r) => r.id);
    set.run(100, ids[0], "A");
    set.run(300, ids[1], "A");
    set.run(1000, ids[0], "B");
    set.run(3000, ids[1], "B");
    const r = await caller().run.simulate({ templateId: id });
    expect(r.estimate).toEqual({ p50Ms: 1100, p90Ms: 3300, runs: 2 });
    // A draft with the saved template's template_id reads the same history.
    expect((await caller().run.simulate({ template })).estimate).toEqual({ p50Ms: 1100, p90Ms: 3300, runs: 2 });
  });

  it("bad input is BAD_REQUEST naming the field", async () => {
    const bad = async (input: Parameters<ReturnType<typeof caller>["run"]["simulate"]>[0]) => {
      const err = await caller()
        .run.simulate(input)
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TRPCError);
      expect((err as TRPCError).code).toBe("BAD_REQUEST");
      return err as TRPCError & { diagnostics?: { code: string; field?: string }[] };
    };
    const noNode = await bad({ template: flow(), variables: { who: "x" }, mocks: { Z: { output: "" } } });
    expect(noNode.message).toContain("mocks.Z");
    expect(noNode.diagnostics).toMatchObject([{ code: "SIM001", field: "mocks.Z" }]);
    const notOption = await bad({ template: flow(), variables: { who: "x" }, decisions: { G: "maybe" } });
    expect(notOption.diagnostics).toMatchObject([{ code: "SIM003", field: "decisions.G" }]);
    expect((await bad({ template: flow(), variables: {} })).diagnostics).toMatchObject([{ code: "RUN006" }]);
    const badMock = await bad({
      template: flow(),
      variables: { who: "x" },
      mocks: { A: { status: "maybe" as "done" } },
    });
    // The HTTP answer's message reads "mocks.A.status: …" (the error formatter); the caller sees zod's issue.
    expect(JSON.stringify((badMock.cause as { issues?: unknown }).issues)).toContain('["mocks","A","status"]');
  });
});

describe("run.compare", () => {
  it("compares two stored runs node by node", async () => {
    const template = (cmd: string) => ({
      template_id: "cmp",
      name: "Compare",
      nodes: [
        { id: "A", name: "A", type: "shell", args_template: cmd },
        { id: "B", name: "B", type: "shell", args_template: "echo b" },
      ],
      edges: [{ from: "A", to: "B" }],
    });
    const ids: string[] = [];
    for (const cmd of ["echo one", "exit 3"]) {
      const { runId } = await caller().run.start({ template: template(cmd) });
      await until(
        () => caller().run.get({ runId }),
        (g) => g.run.status === "succeeded" || g.run.status === "failed",
      );
      ids.push(runId);
    }
    const r = await caller(["viewer"]).run.compare({ a: ids[0], b: ids[1] });
    expect(r.nodes.map((n) => [n.id, n.a.status, n.b.status, n.changed])).toEqual([
      ["A", "done", "failed", ["status", "output"]],
      ["B", "done", "pending", ["status", "attempts", "durationMs", "output"]],
    ]);
    expect(r.nodes[0].a.output).toBe("one");
    await expect(caller().run.compare({ a: ids[0], b: "run_nope" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
