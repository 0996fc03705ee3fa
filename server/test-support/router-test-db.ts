/**
 * Test helper for router tests: a fresh SQLite file per test as the process database; after each
 * test the process engine stops before the file closes (nothing may write to a closed handle).
 */
import { afterEach, beforeEach } from "vitest";
import { getRunEngine } from "@/server/engine/get-run-engine";
import { useTempDb, type TempDb } from "./temp-db";

/** Call at the top of a test file; the returned function gives the current test's database. */
export function useRouterTestDb(): () => TempDb {
  let t: TempDb | undefined;
  beforeEach(() => {
    t = useTempDb();
  });
  afterEach(() => {
    getRunEngine().detach();
    t?.cleanup();
  });
  return () => t!;
}
