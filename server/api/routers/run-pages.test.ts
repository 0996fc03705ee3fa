/**
 * run.list pages (fast-check over random tables with tied creation times), run.log after a restart
 * (a new database handle and engine: the stored log is all there, per attempt, capped), and
 * run.onEvent's lastEventId checks — through the router on a real SQLite file.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { callerAs } from "@/server/test-support/test-callers";
import { useRouterTestDb } from "@/server/test-support/router-test-db";
import { until } from "@/server/test-support/until";

const t = useRouterTestDb();

const caller = () => callerAs(t, ["viewer"]);
const editor = () => callerAs(t, ["editor"]);

const STATUSES = ["running", "waiting", "succeeded", "failed"] as const;

describe("run.list", () => {
  it("pages newest first by (createdAt, id): every matching run once, in order, whatever the limit", async () => {
    const db = t().db.$client;
    db.prepare(
      `insert into templates (id, template_id, name, slug, latest_version, latest_hash) values (?, ?, ?, ?, 1, 'h')`,
    ).run("tpl_a", "wft-a", "A", "a");
    const insert = db.prepare(
      `insert into runs (id, template_pk, template_json, name, status, workspace, created_at) values (?, ?, '{}', ?, ?, '/tmp', ?)`,
    );
    const row = fc.record({
      createdAt: fc.integer({ min: 1, max: 6 }), // few values: many ties, broken by id
      status: fc.constantFrom(...STATUSES),
      template: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { maxLength: 40 }),
        fc.integer({ min: 1, max: 7 }),
        fc.option(fc.constantFrom(...STATUSES), { nil: undefined }),
        fc.boolean(),
        async (rows, limit, status, byTemplate) => {
          db.prepare(`delete from runs`).run();
          rows.forEach((r, i) =>
            insert.run(
              `run_${String(i).padStart(3, "0")}`,
              r.template ? "tpl_a" : null,
              `r${i}`,
              r.status,
              r.createdAt,
            ),
          );
          const expected = rows
            .map((r, i) => ({ ...r, id: `run_${String(i).padStart(3, "0")}` }))
            .filter((r) => (!status || r.status === status) && (!byTemplate || r.template))
            .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1))
            .map((r) => r.id);
          const seen: string[] = [];
          let cursor: string | undefined;
          for (let page = 0; page < 100; page++) {
            const res = await caller().run.list({
              limit,
              ...(status ? { status } : {}),
              ...(byTemplate ? { templateId: page % 2 ? "tpl_a" : "wft-a" } : {}),
              ...(cursor ? { cursor } : {}),
            });
            expect(res.items.length).toBeLessThanOrEqual(limit);
            seen.push(...res.items.map((i) => i.id));
            if (!res.nextCursor) break;
            cursor = res.nextCursor;
          }
          expect(seen).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
    // These rows have no template: the engine (created by afterEach) must not try to resume them.
    db.prepare(`delete from runs`).run();
  });

  it("items carry no template or plan JSON, have node counts; a bad cursor or limit is a clear 400", async () => {
    const { runId } = await editor().run.start({
      template: {
        template_id: "one",
        name: "One",
        nodes: [{ id: "A", name: "A", type: "shell", args_template: "true" }],
      },
    });
    const { items } = await until(
      () => caller().run.list({}),
      (l) => l.items[0]?.status === "succeeded",
    );
    expect(items[0]).toMatchObject({ id: runId, name: "One", nodeCounts: { done: 1 } });
    expect(Object.keys(items[0])).not.toContain("template");
    expect(Object.keys(items[0])).not.toContain("plan");
    expect(JSON.stringify(items[0])).not.toContain("args_template");
    await expect(caller().run.list({ cursor: "yesterday" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      cause: { issues: [expect.objectContaining({ path: ["cursor"] })] },
    });
    await expect(caller().run.list({ limit: 501 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("run.log", () => {
  it("a reload after a restart shows every stored line, per attempt; unknown run, node or attempt is NOT_FOUND", async () => {
    const { runId } = await editor().run.start({
      template: {
        template_id: "logs",
        name: "Logs",
        nodes: [
          {
            id: "A",
            name: "Flaky",
            type: "shell",
            retries: 1,
            args_template:
              "echo try >> n; for i in 1 2 3; do echo line$i-$(wc -l < n); done; echo oops >&2; test $(wc -l < n) -ge 2",
          },
          { id: "B", name: "Loud", type: "shell", args_template: "head -c 300000 /dev/zero | tr '\\0' x" },
        ],
        edges: [{ from: "A", to: "B" }],
      },
    });
    await until(
      () => caller().run.get({ runId }),
      (g) => g.run.status === "succeeded",
    );
    // A restart: the engine stops, the database is opened again.
    t().restart();
    const latest = await caller().run.log({ runId, nodeId: "A" });
    expect(latest).toMatchObject({ attempt: 2, attempts: 2, truncated: false });
    expect(latest.text.split("\n").filter(Boolean).sort()).toEqual(["line1-2", "line2-2", "line3-2", "oops"]);
    const first = await caller().run.log({ runId, nodeId: "A", attempt: 1 });
    expect(first.text).toContain("line3-1");
    expect(first.text).not.toContain("-2");
    // The watermark is the attempt's last log event (a live view appends only later ones); the
    // segments say which stream wrote which part of the text.
    const lastLogOf = t()
      .db.$client.prepare(
        `select max(id) as id from run_events where run_id = ? and node_id = 'A' and type = 'node.log'`,
      )
      .pluck();
    expect(latest.lastEventId).toBe(lastLogOf.get(runId));
    expect(first.lastEventId).toBeLessThan(latest.lastEventId);
    expect(latest.segments.reduce((n, s) => n + s.length, 0)).toBe(latest.text.length);
    const stderr = latest.segments.findIndex((s) => s.stream === "stderr");
    const at = latest.segments.slice(0, stderr).reduce((n, s) => n + s.length, 0);
    expect(latest.text.slice(at, at + latest.segments[stderr].length)).toBe("oops\n");
    const loud = await caller().run.log({ runId, nodeId: "B" });
    expect(loud.truncated).toBe(true);
    expect(Buffer.byteLength(loud.text)).toBeLessThanOrEqual(256 * 1024 + 100);
    await expect(caller().run.log({ runId, nodeId: "Z" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(caller().run.log({ runId: "run_nope", nodeId: "A" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(caller().run.log({ runId, nodeId: "A", attempt: 3 })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("run.onEvent input", () => {
  it("a lastEventId that is not a number is a 400 naming the field; one beyond the end replays nothing, then tails", async () => {
    const { runId } = await editor().run.start({
      template: {
        template_id: "wait",
        name: "Wait",
        nodes: [{ id: "H", name: "H", type: "human", prompt: "go?" }],
      },
    });
    await until(
      () => caller().run.get({ runId }),
      (g) => g.run.status === "waiting",
    );
    await expect(caller().run.onEvent({ runId, lastEventId: "abc" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      cause: { issues: [expect.objectContaining({ path: ["lastEventId"] })] },
    });
    const ac = new AbortController();
    const stream = await callerAs(t, ["viewer"], { signal: ac.signal }).run.onEvent({ runId, lastEventId: 99_999 });
    const seen: string[] = [];
    const reading = (async () => {
      for await (const [, data] of stream as unknown as AsyncIterable<[string, { type: string }]>) {
        seen.push(data.type);
        if (data.type === "run.finished") break;
      }
    })();
    const [a] = (await caller().approval.list({ runId, status: "pending" })).items;
    await callerAs(t, ["approver"]).approval.decide({ approvalId: a.id, decision: "approve" });
    await reading;
    ac.abort();
    expect(seen[0]).toBe("decision.given");
    expect(seen.at(-1)).toBe("run.finished");
  });
});
