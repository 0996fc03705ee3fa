/** The ./wf launcher in the checkout's root starts the same command from any folder and through a symlink. */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const LAUNCHER = path.resolve("wf");
const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), "wf-launcher-"));
afterAll(() => fs.rmSync(elsewhere, { recursive: true, force: true }));

const run = (program: string, args: string[], cwd: string) =>
  execFileSync(program, args, { cwd, encoding: "utf8", env: { ...process.env, WF_CLI: "source" } });

describe("./wf", () => {
  it("is executable and prints wf's help", () => {
    expect(fs.statSync(LAUNCHER).mode & 0o111).not.toBe(0);
    expect(run(LAUNCHER, ["--help"], process.cwd())).toMatch(/^Usage: wf /);
  });

  it("works from another folder and through a symlink, passing arguments and the exit code on", () => {
    const link = path.join(elsewhere, "wf");
    fs.symlinkSync(LAUNCHER, link);
    expect(run(link, ["--help"], elsewhere)).toMatch(/^Usage: wf /);
    const file = path.join(elsewhere, "bad.json");
    fs.writeFileSync(file, '{"name": "x", "nodes": [{"id": "A", "type": "nope"}], "edges": []}');
    let code = 0;
    try {
      run(link, ["validate", "bad.json"], elsewhere);
    } catch (err) {
      code = (err as { status: number }).status;
    }
    expect(code).toBe(1);
  });
});
