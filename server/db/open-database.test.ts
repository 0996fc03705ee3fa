import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DatabaseOpenError, openDatabase } from "./open-database";

const dirs: string[] = [];
function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "wf-db-"));
  dirs.push(d);
  return d;
}
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe("openDatabase", () => {
  it("creates the file, migrates, enables WAL and foreign keys", () => {
    const file = path.join(tempDir(), "nested", "wf.db");
    const db = openDatabase(file);
    expect(fs.existsSync(file)).toBe(true);
    expect(db.$client.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.$client.pragma("foreign_keys", { simple: true })).toBe(1);
    const tables = db.$client
      .prepare("select name from sqlite_master where type='table'")
      .all()
      .map((r) => (r as { name: string }).name);
    expect(tables).toEqual(
      expect.arrayContaining(["templates", "template_versions", "runs", "node_runs", "run_events", "approvals"]),
    );
    db.$client.close();
    // Reopening an up-to-date database is a no-op.
    openDatabase(file).$client.close();
  });

  it("names the path and the problem for a file that is not a database", () => {
    const file = path.join(tempDir(), "corrupt.db");
    fs.writeFileSync(file, "this is not sqlite ".repeat(400));
    expect(() => openDatabase(file)).toThrow(DatabaseOpenError);
    expect(() => openDatabase(file)).toThrow(/corrupt\.db: the file is not a SQLite database/);
  });

  it("names the path when the folder cannot be created", () => {
    const blocker = path.join(tempDir(), "file");
    fs.writeFileSync(blocker, "x");
    expect(() => openDatabase(path.join(blocker, "wf.db"))).toThrow(/Cannot open database .*file\/wf\.db/);
  });

  it("leaves no half-migrated file when a migration fails (one transaction)", () => {
    const dir = tempDir();
    const migrations = path.join(dir, "migrations");
    fs.cpSync(path.join(process.cwd(), "drizzle"), migrations, { recursive: true });
    const journal = JSON.parse(fs.readFileSync(path.join(migrations, "meta", "_journal.json"), "utf8"));
    journal.entries.push({ ...journal.entries[0], idx: 1, tag: "0001_broken", when: journal.entries[0].when + 1 });
    fs.writeFileSync(path.join(migrations, "meta", "_journal.json"), JSON.stringify(journal));
    fs.writeFileSync(
      path.join(migrations, "0001_broken.sql"),
      "CREATE TABLE ok_table (id integer);\n--> statement-breakpoint\nTHIS IS NOT SQL;",
    );
    const file = path.join(dir, "wf.db");
    expect(() => openDatabase(file, { migrationsFolder: migrations })).toThrow(DatabaseOpenError);
    const raw = openDatabase(file, { readonly: true });
    const names = raw.$client
      .prepare("select name from sqlite_master where type='table'")
      .all()
      .map((r) => (r as { name: string }).name);
    expect(names).not.toContain("templates");
    expect(names).not.toContain("ok_table");
    raw.$client.close();
  });
});

describe("migration 0002 (library columns)", () => {
  it("fills node count, task type and search text of templates saved before it", () => {
    const dir = tempDir();
    const migrations = path.join(dir, "migrations");
    fs.cpSync(path.join(process.cwd(), "drizzle"), migrations, { recursive: true });
    const journalFile = path.join(migrations, "meta", "_journal.json");
    const journal = JSON.parse(fs.readFileSync(journalFile, "utf8"));
    journal.entries = journal.entries.slice(0, 1);
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    const file = path.join(dir, "wf.db");
    const old = openDatabase(file, { migrationsFolder: migrations });
    const json = JSON.stringify({
      template_id: "wft-old",
      name: "Old One",
      nodes: [
        { id: "A", name: "Fetch Sources", type: "shell" },
        { id: "B", name: "Build", type: "shell" },
      ],
      metadata: { task_type: "feature" },
    });
    old.$client
      .prepare(
        `insert into templates (id, template_id, name, slug, description, tags, latest_version, latest_hash) values ('tpl_1', 'wft-old', 'Old One', 'wft-old', 'Nightly', '["x"]', 1, 'h')`,
      )
      .run();
    old.$client
      .prepare(`insert into template_versions (template_pk, version, hash, json) values ('tpl_1', 1, 'h', ?)`)
      .run(json);
    old.$client.close();

    const db = openDatabase(file);
    const row = db.$client.prepare(`select node_count, task_type, search_text, deleted_at from templates`).get();
    expect(row).toEqual({
      node_count: 2,
      task_type: "feature",
      search_text: 'old one\nnightly\n["x"]\nfetch sources\nbuild',
      deleted_at: null,
    });
    db.$client.close();
  });
});
