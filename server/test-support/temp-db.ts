/** Test helper: a fresh SQLite file in a temp folder, wired as the process database via WF_DB_PATH. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { closeDb, getDb } from "@/server/db/get-db";
import type { Db } from "@/server/db/open-database";

export interface TempDb {
  dir: string;
  file: string;
  db: Db;
  cleanup(): void;
}

export function useTempDb(): TempDb {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-test-"));
  const file = path.join(dir, "wf.db");
  closeDb();
  process.env.WF_DATA_DIR = dir;
  process.env.WF_DB_PATH = file;
  const db = getDb();
  return {
    dir,
    file,
    db,
    cleanup() {
      closeDb();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
