/**
 * What the API reads of runs and approvals outside the engine, on both databases: the run list (filters, pages,
 * node counts), one run's row and where a live client resumes, a node's log paged by id, node durations for
 * estimates, the approvals inbox and a replaced request's successor.
 */
import { describe, expect, it } from "vitest";
import { SQL_DATABASES, useTestSqlDb } from "@/server/test-support/test-sql-db";
import { countPendingApprovals, latestReplacement, selectApprovalRow, selectApprovalRows } from "./approval-reads";
import { selectNodeDurations } from "./node-duration-query";
import { selectNodeLog } from "./node-log-query";
import { selectNodeCounts, selectRunPage } from "./run-list-query";
import { resumeAfter, runHasNode, selectRunRowLite } from "./run-row-reads";
import type { SqlDb } from "./sql/sql-db";

interface RunSeed {
  id: string;
  status: string;
  createdAt: number;
  templatePk?: string;
  parentRunId?: string;
  lastEventId?: number;
  startedBy?: string;
}

async function seedRun(sql: SqlDb, r: RunSeed): Promise<void> {
  await sql.run(
    `insert into runs (id, template_pk, template_json, name, status, workspace, created_at, last_event_id, started_by,
       parent_run_id, parent_node_id)
     values (?, ?, '', ?, ?, '/w', ?, ?, ?, ?, ?)`,
    [
      r.id,
      r.templatePk ?? null,
      `name of ${r.id}`,
      r.status,
      r.createdAt,
      r.lastEventId ?? 0,
      r.startedBy ?? null,
      r.parentRunId ?? null,
      r.parentRunId ? "W" : null,
    ],
  );
}

async function seedNode(sql: SqlDb, runId: string, nodeId: string, status: string, ms?: [number, number]) {
  await sql.run(
    `insert into node_runs (run_id, node_id, status, attempt, started_at, finished_at) values (?, ?, ?, 1, ?, ?)`,
    [runId, nodeId, status, ms?.[0] ?? null, ms?.[1] ?? null],
  );
}

async function seedEvents(sql: SqlDb, runId: string, events: { type: string; nodeId: string; payload?: object }[]) {
  let id = 0;
  for (const e of events)
    await sql.run(`insert into run_events (run_id, id, type, node_id, payload) values (?, ?, ?, ?, ?)`, [
      runId,
      ++id,
      e.type,
      e.nodeId,
      JSON.stringify(e.payload ?? {}),
    ]);
}

describe.each(SQL_DATABASES)("run and approval reads on %s", (kind) => {
  const d = useTestSqlDb(kind, (sql) => sql);

  it("run.list's page: newest first, filters, keyset pages, node counts per status", async () => {
    const sql = d.sql;
    await sql.run(
      `insert into templates (id, template_id, name, slug, latest_version, latest_hash) values ('tpl_l', 'list-me', 'L', 'l', 1, 'h')`,
    );
    for (let i = 0; i < 5; i++)
      await seedRun(sql, {
        id: `run_l${i}`,
        status: i % 2 ? "succeeded" : "running",
        createdAt: 1_000 + i,
        ...(i < 3 ? { templatePk: "tpl_l" } : {}),
      });
    await seedRun(sql, { id: "run_child", status: "running", createdAt: 2_000, parentRunId: "run_l0" });
    await seedNode(sql, "run_l4", "a", "done");
    await seedNode(sql, "run_l4", "b", "interrupted");
    await seedNode(sql, "run_l4", "c", "pending");

    const page = (q: Partial<Parameters<typeof selectRunPage>[1]>) => selectRunPage(sql, { limit: 50, ...q });
    const ids = async (q: Partial<Parameters<typeof selectRunPage>[1]>) => (await page(q)).rows.map((r) => r.id);
    const first = await page({ limit: 2 });
    expect(first.rows.map((r) => r.id)).toEqual(["run_child", "run_l4"]);
    expect(first.more).toBe(true);
    expect(first.rows[1]).toMatchObject({ name: "name of run_l4", status: "running", createdAt: 1_004 });
    expect(await ids({ limit: 2, cursor: { createdAt: 1_004, id: "run_l4" } })).toEqual(["run_l3", "run_l2"]);
    expect(await ids({ status: "succeeded" })).toEqual(["run_l3", "run_l1"]);
    const byTemplate = await page({ templateId: "list-me" });
    expect(byTemplate.rows.map((r) => r.id)).toEqual(["run_l2", "run_l1", "run_l0"]);
    expect(byTemplate.more).toBe(false);
    expect(await ids({ templateId: "tpl_l", limit: 1 })).toEqual(["run_l2"]);
    expect((await page({ parentRunId: "run_l0" })).rows).toEqual([
      expect.objectContaining({ id: "run_child", parentRunId: "run_l0", parentNodeId: "W" }),
    ]);
    const counts = await selectNodeCounts(sql, ["run_l4", "run_l3"]);
    expect(Object.fromEntries(counts)).toEqual({ run_l4: { done: 1, interrupted: 1, pending: 1 } });
  });

  it("one run's row, where a live client resumes (never past the last event), whether it has a node", async () => {
    const sql = d.sql;
    await seedRun(sql, {
      id: "run_one",
      status: "waiting",
      createdAt: 5,
      lastEventId: 7,
      startedBy: '{"email":"a@x"}',
    });
    await seedNode(sql, "run_one", "n", "waiting");
    expect(await selectRunRowLite(sql, "run_one")).toMatchObject({ id: "run_one", lastEventId: 7, createdAt: 5 });
    expect(await selectRunRowLite(sql, "run_none")).toBeUndefined();
    expect(await resumeAfter(sql, "run_one", 3)).toBe(3);
    expect(await resumeAfter(sql, "run_one", 99)).toBe(7);
    expect(await resumeAfter(sql, "run_none", 99)).toBe(99);
    expect(await runHasNode(sql, "run_one", "n")).toBe(true);
    expect(await runHasNode(sql, "run_one", "m")).toBe(false);
  });

  it("a node's log: the latest attempt unless asked, over more rows than one page, capped", async () => {
    const sql = d.sql;
    await seedRun(sql, { id: "run_log", status: "running", createdAt: 6 });
    const line = (i: number) => ({ type: "node.log", nodeId: "n", payload: { text: `l${i}\n`, stream: "stdout" } });
    await seedEvents(sql, "run_log", [
      { type: "node.started", nodeId: "n" },
      line(0),
      { type: "node.log", nodeId: "other", payload: { text: "not mine\n" } },
      { type: "node.started", nodeId: "n" },
      ...Array.from({ length: 1_200 }, (_, i) => line(i + 1)),
    ]);
    const latest = await selectNodeLog(sql, "run_log", "n", undefined, 1 << 20);
    expect(latest).toMatchObject({ attempt: 2, attempts: 2, truncated: false, lastEventId: 1_204 });
    expect(latest.text.split("\n").slice(0, 2)).toEqual(["l1", "l2"]);
    expect(latest.text.endsWith("l1200\n")).toBe(true);
    expect(await selectNodeLog(sql, "run_log", "n", 1, 1 << 20)).toMatchObject({
      text: "l0\n",
      attempt: 1,
      lastEventId: 2,
    });
    const capped = await selectNodeLog(sql, "run_log", "n", undefined, 10);
    expect(capped).toMatchObject({ text: "l1\nl2\nl3\nl", truncated: true });
  });

  it("node durations of a template's latest finished runs", async () => {
    const sql = d.sql;
    await sql.run(
      `insert into templates (id, template_id, name, slug, latest_version, latest_hash) values ('tpl_d', 'dur', 'D', 'd', 1, 'h')`,
    );
    await seedRun(sql, { id: "run_d1", status: "succeeded", createdAt: 10, templatePk: "tpl_d" });
    await seedRun(sql, { id: "run_d2", status: "failed", createdAt: 11, templatePk: "tpl_d" });
    await seedRun(sql, { id: "run_d3", status: "running", createdAt: 12, templatePk: "tpl_d" });
    await seedNode(sql, "run_d1", "a", "done", [100, 150]);
    await seedNode(sql, "run_d2", "a", "done", [200, 230]);
    await seedNode(sql, "run_d2", "b", "failed", [200, 210]);
    await seedNode(sql, "run_d3", "a", "done", [300, 301]);
    const stats = await selectNodeDurations(sql, "tpl_d");
    expect(stats).toEqual({ runs: 2, durations: { a: [30, 50] } });
    expect(await selectNodeDurations(sql, "tpl_none")).toEqual({ runs: 0, durations: {} });
  });

  it("approvals: the inbox with run and parent names, one request, its latest replacement, the pending count", async () => {
    const sql = d.sql;
    await seedRun(sql, { id: "run_p", status: "running", createdAt: 20 });
    await seedRun(sql, { id: "run_c", status: "waiting", createdAt: 21, parentRunId: "run_p" });
    const ask = (id: string, status: string, createdAt: number, replacedBy: string | null, allowSelf = true) =>
      sql.run(
        `insert into approvals (id, run_id, node_id, kind, status, created_at, replaced_by, allow_self_approval, options)
         values (?, 'run_c', 'H', 'human', ?, ?, ?, ?, '["ship"]')`,
        [id, status, createdAt, replacedBy, allowSelf],
      );
    await ask("ap_1", "cancelled", 1, "ap_2");
    await ask("ap_2", "cancelled", 2, "ap_3");
    await ask("ap_3", "pending", 3, null, false);
    const inbox = await selectApprovalRows(sql, "pending");
    expect(inbox).toEqual([
      expect.objectContaining({
        id: "ap_3",
        runName: "name of run_c",
        parentRun: { id: "run_p", name: "name of run_p" },
        allowSelfApproval: false,
        requiredApprovals: 1,
        options: '["ship"]',
      }),
    ]);
    expect((await selectApprovalRows(sql, undefined, "run_c")).map((a) => a.id)).toEqual(["ap_1", "ap_2", "ap_3"]);
    const first = (await selectApprovalRow(sql, "ap_1"))!;
    expect(first).toMatchObject({ status: "cancelled", allowSelfApproval: true, replacedBy: "ap_2" });
    expect((await latestReplacement(sql, first))?.id).toBe("ap_3");
    expect(await latestReplacement(sql, (await selectApprovalRow(sql, "ap_3"))!)).toBeUndefined();
    expect(await selectApprovalRow(sql, "ap_none")).toBeUndefined();
    expect(await countPendingApprovals(sql)).toBe(1);
  });
});
