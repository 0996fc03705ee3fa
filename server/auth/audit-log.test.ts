/** The audit log on both databases: rows recorded together keep their order, filters, pages, details as objects. */
import { describe, expect, it } from "vitest";
import { SQL_DATABASES, useTestSqlDb } from "@/server/test-support/test-sql-db";
import { AuditLog } from "./audit-log";

describe.each(SQL_DATABASES)("the audit log on %s", (kind) => {
  const d = useTestSqlDb(kind, (sql) => new AuditLog(sql));
  const audit = () => d.stores;

  it("rows recorded in one turn are stored in order, each answered once stored", async () => {
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        audit().record(
          { actor: "batch@example.com", action: "run.start", target: `run_${i}`, detail: { i } },
          1_000 + i,
        ),
      ),
    );
    const { items } = await audit().list({ actor: "batch@example.com" });
    expect(items.map((i) => i.target)).toEqual(["run_4", "run_3", "run_2", "run_1", "run_0"]);
    expect(items[0]).toEqual({
      id: expect.any(Number),
      at: 1_004,
      actor: "batch@example.com",
      action: "run.start",
      target: "run_4",
      detail: { i: 4 },
    });
    expect(items[0]!.id).toBeGreaterThan(items[1]!.id);
  });

  it("target and detail default to empty; filters by actor and action; pages by cursor", async () => {
    await audit().record({ actor: "pager@example.com", action: "auth.logout" });
    for (let i = 0; i < 4; i++)
      await audit().record({ actor: "pager@example.com", action: "user.create", target: `u${i}` });
    const [logout] = (await audit().list({ actor: "pager@example.com", action: "auth.logout" })).items;
    expect(logout).toMatchObject({ target: "", detail: {}, at: expect.any(Number) });
    const first = await audit().list({ actor: "pager@example.com", action: "user.create", limit: 3 });
    expect(first.items.map((i) => i.target)).toEqual(["u3", "u2", "u1"]);
    expect(first.nextCursor).toBe(first.items[2]!.id);
    const second = await audit().list({
      actor: "pager@example.com",
      action: "user.create",
      limit: 3,
      cursor: first.nextCursor,
    });
    expect(second).toEqual({ items: [expect.objectContaining({ target: "u0" })] });
  });

  it("an entry that cannot be serialised fails alone", async () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const bad = audit().record({ actor: "mixed@example.com", action: "bad", detail: circular });
    const good = audit().record({ actor: "mixed@example.com", action: "good" });
    await expect(bad).rejects.toThrow(TypeError);
    await good;
    expect((await audit().list({ actor: "mixed@example.com" })).items.map((i) => i.action)).toEqual(["good"]);
  });

  it("the log is append-only on both", async () => {
    await audit().record({ actor: "fixed@example.com", action: "x" });
    await expect(d.sql.run("update audit_log set actor = 'changed'")).rejects.toThrow();
    await expect(d.sql.run("delete from audit_log")).rejects.toThrow();
  });
});
