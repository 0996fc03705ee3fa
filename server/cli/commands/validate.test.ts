/** `wf validate` in-process through main(), on real files in a temp folder; one real `node scripts/wf.cjs` spawn. */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "@/server/cli/main";
import { captureIo } from "@/server/test-support/capture-io";

let dir: string;
const file = (name: string) => path.join(dir, name);

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-validate-"));
  // fetch ──▶ check{ok?} ──yes──▶ load
  //                    └──no───▶ stop
  fs.writeFileSync(
    file("ok.mmd"),
    "flowchart LR\n  fetch[Fetch] --> check{ok?}\n  check -->|yes| load[Load]\n  check -->|no| stop[Stop]\n  style fetch fill:#f00\n",
  );
  fs.writeFileSync(file("bad.mmd"), "flowchart LR\n  a --> b\n  b -> c\n");
  fs.writeFileSync(file("cycle.mmd"), "flowchart LR\n  a --> b\n  b --> a\n");
  fs.mkdirSync(file("prompts"));
  fs.writeFileSync(file("prompts/approve.md"), "Approve the change?\n");
  const playbook = [
    "name: pb",
    "description: d",
    "tasks:",
    "  - name: plan",
    "    phase: p",
    "    capability: research",
    "    prompt: Plan it",
    "    success: plan written",
    "  - name: approve",
    "    phase: p",
    "    capability: decision",
    "    prompt: !include prompts/approve.md",
    "    success: approved",
    "    depends_on: [plan]",
  ].join("\n");
  fs.writeFileSync(file("pb.yml"), playbook);
  fs.writeFileSync(file("missing-include.yaml"), playbook.replace("prompts/approve.md", "prompts/nope.md"));
  fs.writeFileSync(file("t.json"), '{\n  "name": "x",\n}');
  fs.writeFileSync(file("notes.txt"), "hello");
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("wf validate", () => {
  it("--json prints exactly one object with ok, mode and diagnostics; exit 0 when valid", async () => {
    const io = captureIo();
    expect(await main(["node", "wf", "validate", file("ok.mmd"), "--json"], io)).toBe(0);
    expect(io.stdout).toHaveLength(1);
    const out = JSON.parse(io.stdout[0]);
    expect(out).toMatchObject({ ok: true, mode: "advanced" });
    expect(out.diagnostics.map((d: { code: string; line: number }) => `${d.code}@${d.line}`)).toEqual(["MM004@5"]);
  });

  it("human output: file:line:col lines and a summary; exit 1 on errors", async () => {
    const io = captureIo();
    expect(await main(["node", "wf", "validate", file("bad.mmd")], io)).toBe(1);
    expect(io.stdout[0]).toBe(
      `${file("bad.mmd")}:3:5: error MM001: expected an arrow (-->, ---, -.->, ==>), '&' or the end of the line, found "-"`,
    );
    expect(io.stdout.at(-1)).toMatch(/✗ .*bad\.mmd: 1 error$/);
  });

  it("model errors (a cycle) come from validateTemplate, placed on the node's line", async () => {
    const io = captureIo();
    expect(await main(["node", "wf", "validate", file("cycle.mmd"), "--json"], io)).toBe(1);
    const out = JSON.parse(io.stdout[0]);
    expect(out.ok).toBe(false);
    expect(out.diagnostics.some((d: { nodeId?: string; line?: number }) => d.nodeId === "a" && d.line === 2)).toBe(
      true,
    );
  });

  it("resolves !include relative to the playbook's folder", async () => {
    const ok = captureIo();
    const cwd = process.cwd();
    process.chdir(os.tmpdir());
    try {
      expect(await main(["node", "wf", "validate", file("pb.yml"), "--json"], ok)).toBe(0);
    } finally {
      process.chdir(cwd);
    }
    expect(JSON.parse(ok.stdout[0])).toEqual({ ok: true, mode: "simple", diagnostics: [] });
    const missing = captureIo();
    expect(await main(["node", "wf", "validate", file("missing-include.yaml"), "--json"], missing)).toBe(1);
    const d = JSON.parse(missing.stdout[0]).diagnostics;
    expect(d.map((x: { code: string; line: number }) => `${x.code}@${x.line}`)).toEqual(["PB013@12"]);
  });

  it("JSON syntax error → exit 1 with line and column", async () => {
    const io = captureIo();
    expect(await main(["node", "wf", "validate", file("t.json"), "--json"], io)).toBe(1);
    expect(JSON.parse(io.stdout[0]).diagnostics).toEqual([
      expect.objectContaining({ code: "JS001", line: 3, column: 1 }),
    ]);
  });

  it("missing file or unknown extension → exit 2, one line on stderr, nothing on stdout", async () => {
    for (const f of [file("nope.mmd"), file("notes.txt"), dir + "/prompts.json"]) {
      const io = captureIo();
      expect(await main(["node", "wf", "validate", f, "--json"], io)).toBe(2);
      expect(io.stdout).toEqual([]);
      expect(io.stderr).toHaveLength(1);
    }
  });

  it("the real binary: node scripts/wf.cjs validate --json", () => {
    const res = spawnSync(process.execPath, ["scripts/wf.cjs", "validate", file("bad.mmd"), "--json"], {
      encoding: "utf8",
    });
    expect(res.status).toBe(1);
    const out = JSON.parse(res.stdout);
    expect(out.ok).toBe(false);
    expect(out.diagnostics[0]).toMatchObject({ severity: "error", code: "MM001", line: 3, column: 5 });
  });
});
