/**
 * Black-box acceptance of the `wf` CLI contracts (docs/cli.md, docs/formats.md) on reference examples:
 * a few real `node scripts/wf.cjs` processes for exit codes and stdout purity, the rest through
 * `main()` with captured output (the same code path without the ~2 s process start).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "@/server/cli/main";
import { captureIo } from "@/server/test-support/capture-io";

const ROOT = path.resolve(__dirname, "../..");
let dir: string;
const file = (name: string) => path.join(dir, name);
/** A complete template example: every template field of docs/model.md, with skills, checkpoints and groups. */
const SEED_TEMPLATE = path.join(__dirname, "fixtures/seed-full-template.json");

async function wf(...args: string[]) {
  const io = captureIo();
  const code = await main(["node", "wf", ...args], io);
  return { code, stdout: io.stdout.join("\n"), stderr: io.stderr.join("\n") };
}

/** A real `wf` process. */
function spawnWf(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [path.join(ROOT, "scripts/wf.cjs"), ...args], { cwd: dir }, (err, stdout, stderr) => {
      const code = err ? ((err as { code?: number }).code ?? 1) : 0;
      resolve({ code: typeof code === "number" ? code : 1, stdout, stderr });
    });
  });
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-acceptance-"));
  fs.copyFileSync(SEED_TEMPLATE, file("seed.json"));
  fs.writeFileSync(file("notes.txt"), "hello");
  fs.writeFileSync(
    file("cycle.json"),
    JSON.stringify({
      name: "c",
      nodes: ["A", "B", "C"].map((id) => ({ id, name: id, type: "shell", args_template: "true" })),
      edges: [
        { from: "A", to: "B" },
        { from: "B", to: "C" },
        { from: "C", to: "A" },
      ],
    }),
  );
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("wf as a process (exit codes, stdout holds exactly one JSON object)", () => {
  it("validate --json, unknown flag, missing file, unknown extension", async () => {
    const [valid, invalid, flag, missing, ext] = await Promise.all([
      spawnWf("validate", file("seed.json"), "--json"),
      spawnWf("validate", file("cycle.json"), "--json"),
      spawnWf("validate", file("seed.json"), "--frobnicate"),
      spawnWf("validate", file("nope.json")),
      spawnWf("convert", file("notes.txt"), "--to", "json"),
    ]);
    expect(valid.code).toBe(0);
    const ok = JSON.parse(valid.stdout);
    expect(Object.keys(ok).slice(0, 3)).toEqual(["ok", "mode", "diagnostics"]);
    expect(ok).toMatchObject({ ok: true, mode: "simple" });
    for (const d of ok.diagnostics) {
      expect(["error", "warning", "info"]).toContain(d.severity);
      expect(typeof d.code).toBe("string");
      expect(typeof d.message).toBe("string");
    }
    expect(invalid.code).toBe(1);
    const bad = JSON.parse(invalid.stdout);
    expect(bad.ok).toBe(false);
    const cycle = bad.diagnostics.find((d: { code: string }) => d.code === "WF013");
    for (const id of ["A", "B", "C"]) expect(cycle.message).toContain(id);
    expect(flag.code).toBe(2);
    expect(flag.stdout).toBe("");
    expect(flag.stderr).toMatch(/Usage: wf validate/);
    expect(missing.code).toBe(2);
    expect(ext.code).toBe(2);
    expect(missing.stdout + ext.stdout).toBe("");
  }, 30_000);
});

describe("the complete example template", () => {
  it("validates clean in simple mode and converts to json unchanged", async () => {
    const original = JSON.parse(fs.readFileSync(file("seed.json"), "utf8"));
    const r = await wf("convert", file("seed.json"), "--to", "json");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(original);
  });

  it("template → mermaid → json is the same template", async () => {
    const original = JSON.parse((await wf("convert", file("seed.json"), "--to", "json")).stdout);
    const mmd = await wf("convert", file("seed.json"), "--to", "mermaid");
    expect(mmd.code).toBe(0);
    fs.writeFileSync(file("seed.mmd"), mmd.stdout);
    const back = await wf("convert", file("seed.mmd"), "--to", "json");
    expect(back.code).toBe(0);
    expect(JSON.parse(back.stdout)).toEqual(original);
  });

  it("template → yaml → json is the same template", async () => {
    const original = JSON.parse((await wf("convert", file("seed.json"), "--to", "json")).stdout);
    const yaml = await wf("convert", file("seed.json"), "--to", "yaml");
    expect(yaml.code).toBe(0);
    fs.writeFileSync(file("seed.yaml"), yaml.stdout);
    const back = await wf("convert", file("seed.yaml"), "--to", "json");
    expect(back.code).toBe(0);
    expect(JSON.parse(back.stdout)).toEqual(original);
  });

  it("convert adds checkpoints only with --inject-checkpoints", async () => {
    const plain = JSON.parse((await wf("convert", file("seed.json"), "--to", "json")).stdout);
    expect(plain.nodes).toHaveLength(5);
    const injected = await wf("convert", file("seed.json"), "--to", "json", "--inject-checkpoints");
    expect(injected.code).toBe(0);
    expect(() => JSON.parse(injected.stdout)).not.toThrow();
  });

  it("--to ascii is the ASCII pipeline of docs/formats.md", async () => {
    const r = await wf("convert", file("seed.json"), "--to", "ascii");
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")[0]).toBe("Pipeline: Human readable template name");
    expect(r.stdout).toMatch(/^ N-001 {2}\[skill\] {7}workflow-lite-plan {9}"\{goal\}"$/m);
    expect(r.stdout).toMatch(/^ CP-01 {2}\[checkpoint\] {2}After Plan {17}auto-continue$/m);
    expect(r.stdout).toMatch(/^Nodes: {17}3 work \+ 2 checkpoints$/m);
  });
});

describe("playbook rules (docs/formats.md)", () => {
  it("every violation at once, each with its YAML path and line, in text and JSON", async () => {
    fs.writeFileSync(
      file("bad.yml"),
      [
        "name: p",
        "description: d",
        "phases: [{ name: build }]",
        "tasks:",
        "  - { name: a, phase: nope, capability: magic, prompt: x, success: s, on_failure: explode }",
        "  - { name: b, phase: build, capability: research, prompt: '{{ variables.ghost }}', success: s, depends_on: [zz] }",
      ].join("\n"),
    );
    const text = await wf("validate", file("bad.yml"));
    expect(text.code).toBe(1);
    for (const where of [":5:", "at tasks[0].phase", "at tasks[0].capability", "at tasks[0].on_failure", ":6:"])
      expect(text.stdout).toContain(where);
    const json = JSON.parse((await wf("validate", file("bad.yml"), "--json")).stdout);
    const codes = json.diagnostics.map((d: { code: string }) => d.code);
    expect(new Set(codes).size).toBeGreaterThanOrEqual(5);
    for (const d of json.diagnostics) expect(d.line).toBeGreaterThan(0);
  });
});

describe("wf describe", () => {
  it("empty text → exit 1 with the describe question", async () => {
    const r = await wf("describe", "   ");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      "Describe the workflow you want to automate. Include: what steps to run, in what order, and what varies each time (inputs).",
    );
    expect(r.stdout).toBe("");
  });

  it("--json prints exactly the template object", async () => {
    const r = await wf("describe", "analyze the repo, then write a report", "--json", "--no-agent");
    expect(r.code).toBe(0);
    const t = JSON.parse(r.stdout);
    expect(t.template_id).toMatch(/^wft-[a-z0-9-]+-\d{8}$/);
    expect(t.nodes.length).toBeGreaterThanOrEqual(2);
  });
});
