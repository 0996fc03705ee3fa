/** `wf run --dry-run` through the real bin: the exit code equals a real run's with the same outcomes; bad input exits 1. */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-dry-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const wf = (args: string[]) =>
  spawnSync(process.execPath, ["scripts/wf.cjs", ...args], {
    encoding: "utf8",
    env: { ...process.env, WF_DATA_DIR: dir, WF_SANDBOX: "off" },
  });

// A prints FIRST; the gate routes on it: "yes" → Y, else → N (a person).
const file = (first: string) => {
  const f = path.join(dir, `flow-${first.replace(/\W/g, "_")}.json`);
  fs.writeFileSync(
    f,
    JSON.stringify({
      template_id: "dry",
      name: "Dry",
      nodes: [
        { id: "A", name: "A", type: "shell", args_template: first },
        { id: "G", name: "G", type: "gate", condition: "{A.output}" },
        { id: "Y", name: "Y", type: "shell", args_template: "echo y" },
        { id: "N", name: "N", type: "human", prompt: "ok?" },
      ],
      edges: [
        { from: "A", to: "G" },
        { from: "G", to: "Y", label: "yes" },
        { from: "G", to: "N", label: "else" },
      ],
    }),
  );
  return f;
};

describe("wf run --dry-run", () => {
  it.each([
    { real: "echo yes", mock: ["--mock", "A=yes"], extra: [], code: 0 },
    { real: "echo no", mock: ["--mock", "A=no"], extra: [], code: 3 },
    { real: "echo no", mock: ["--mock", "A=no"], extra: ["--approve", "all"], code: 0 },
    { real: "echo no", mock: ["--mock", "A=no"], extra: ["--answer", "N=reject"], code: 1 },
    { real: "exit 4", mock: ["--fail", "A"], extra: [], code: 1 },
  ])("$real $extra → exit $code, as the real run", ({ real, mock, extra, code }) => {
    const f = file(real);
    const run = wf(["run", f, ...extra]);
    const dry = wf(["run", f, "--dry-run", ...mock, ...extra]);
    expect(run.status).toBe(code);
    expect(dry.status).toBe(code);
    expect(dry.stderr).toContain("▶ [main] A (simulated)");
  });

  it("a mock for a node that does not exist is invalid input (exit 1, named)", () => {
    const dry = wf(["run", file("echo yes"), "--dry-run", "--mock", "Z=1"]);
    expect(dry.status).toBe(1);
    expect(dry.stderr).toContain('mocks.Z: the template has no node "Z"');
  });

  it("--json prints one object marked simulated", () => {
    const dry = wf(["run", file("echo yes"), "--dry-run", "--mock", "A=yes", "--json"]);
    expect(JSON.parse(dry.stdout)).toMatchObject({ run: { id: null, status: "succeeded", simulated: true } });
  });
});
