/** `wf serve` refuses a public bind address until an admin exists (docs/security.md), before building or binding. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDeps, type TestDeps } from "@/server/test-support/test-deps";
import { isLoopbackHost, serveCommand } from "./serve-command";

const io = { out: () => {}, err: () => {} };
let t: TestDeps;
beforeEach(() => {
  t = createTestDeps();
});
afterEach(() => t.cleanup());

describe("wf serve bind address", () => {
  it("refuses 0.0.0.0 and a LAN address with no admin, saying how to get one", async () => {
    for (const host of ["0.0.0.0", "192.168.1.20", "::"]) {
      const err = await serveCommand({ port: "3999", host }, io, { WF_DB_PATH: t.file, WF_DATA_DIR: t.dir }).catch(
        (e: unknown) => e,
      );
      expect(err).toMatchObject({ exitCode: 2 });
      expect(String((err as Error).message)).toMatch(/refusing to listen on .* before an admin exists.*\/setup/);
    }
  });

  it("loopback names are always allowed", () => {
    for (const host of ["127.0.0.1", "localhost", "::1", "127.0.0.2"]) expect(isLoopbackHost(host)).toBe(true);
    for (const host of ["0.0.0.0", "10.0.0.1", "::", "example.com"]) expect(isLoopbackHost(host)).toBe(false);
  });
});

describe("wf serve and WF_DATABASE_URL", () => {
  it("refuses to start rather than serve from SQLite while WF_DATABASE_URL points elsewhere", async () => {
    const env = { WF_DB_PATH: t.file, WF_DATA_DIR: t.dir, WF_DATABASE_URL: "postgres://wf:secret@db:5432/wf" };
    const err = await serveCommand({ port: "3999", host: "127.0.0.1" }, io, env).catch((e: unknown) => e);
    expect(err).toMatchObject({ exitCode: 2 });
    expect((err as Error).message).toBe(
      `WF_DATABASE_URL is set, but the server does not run on PostgreSQL yet (\`wf migrate\` does): unset it to serve from the SQLite file ${t.file}`,
    );
    expect((err as Error).message).not.toContain("secret");
  });
});
