/**
 * Test helper for router tests: fresh dependencies (a new SQLite file) per test; after each test
 * the engine stops before the file closes (nothing may write to a closed handle).
 */
import { afterEach, beforeEach } from "vitest";
import { createTestDeps, type TestDeps, type TestDepsOptions } from "./test-deps";

/** Call at the top of a test file; the returned function gives the current test's dependencies. */
export function useRouterTestDb(o: TestDepsOptions = {}): () => TestDeps {
  let t: TestDeps | undefined;
  beforeEach(() => {
    t = createTestDeps(o);
  });
  afterEach(() => {
    t?.cleanup();
    t = undefined;
  });
  return () => {
    if (!t) throw new Error("useRouterTestDb: no test is running");
    return t;
  };
}
