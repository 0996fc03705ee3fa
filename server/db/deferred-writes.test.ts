import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deferWrite } from "./deferred-writes";
import { openDatabase, type Db } from "./open-database";

let dir: string;
let db: Db;
let other: Database.Database;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-deferred-"));
  db = openDatabase(path.join(dir, "wf.db"));
  db.$client.exec(`create table t (v text not null)`);
  other = new Database(path.join(dir, "wf.db"), { readonly: true });
});
afterEach(() => {
  other.close();
  db.$client.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const insert = (v: string | null) => () => void db.$client.prepare(`insert into t (v) values (?)`).run(v);
const seenByOther = () => (other.prepare(`select v from t order by rowid`).all() as { v: string }[]).map((r) => r.v);

describe("deferWrite", () => {
  it("runs the writes of one turn in one transaction and settles them after its commit", async () => {
    let duringSecond: string[] | undefined;
    const first = deferWrite(db, insert("a"));
    const second = deferWrite(db, () => {
      // The first row is written but not committed: this connection sees it, another does not.
      expect(db.$client.prepare(`select count(*) as n from t`).get()).toEqual({ n: 1 });
      duringSecond = seenByOther();
      insert("b")();
    });
    expect(seenByOther()).toEqual([]);
    await Promise.all([first, second]);
    expect(duringSecond).toEqual([]);
    expect(seenByOther()).toEqual(["a", "b"]);
  });

  it("rejects a write that throws alone; the others in its transaction are committed", async () => {
    const results = await Promise.allSettled([
      deferWrite(db, insert("a")),
      deferWrite(db, insert(null)),
      deferWrite(db, insert("c")),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/NOT NULL/);
    expect(seenByOther()).toEqual(["a", "c"]);
    // A later turn gets a transaction of its own.
    await deferWrite(db, insert("d"));
    expect(seenByOther()).toEqual(["a", "c", "d"]);
  });
});
