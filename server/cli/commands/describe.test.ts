/** `wf describe` in-process through main(), plus one run of the real bin; no provider configured. */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DESCRIBE_PROMPT } from "@/lib/describe/describe-issues";
import { validateTemplate } from "@/lib/workflow/validate/validate-template";
import { main } from "@/server/cli/main";
import { captureIo } from "@/server/test-support/capture-io";

async function describeCli(args: string[]) {
  const io = captureIo();
  const code = await main(["node", "wf", "describe", ...args], io);
  return { code, stdout: io.stdout.join("\n"), stderr: io.stderr.join("\n") };
}

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-describe-cli-"));
  vi.stubEnv("WF_DATA_DIR", dir);
  for (const name of ["WF_AGENT_CMD", "WF_OPENAI_BASE_URL", "WF_PROVIDERS_FILE", "WF_CATALOG"])
    vi.stubEnv(name, undefined);
});
afterAll(() => {
  vi.unstubAllEnvs();
  fs.rmSync(dir, { recursive: true, force: true });
});

const TEXT = "plan [feature], then implement it and write docs in parallel, run the tests, pause so I can review";

describe("wf describe", () => {
  /*
   *  N-001 plan ─▶ CP ─┬─▶ N-002 implement ─┬─▶ N-004 test ─▶ N-005 ⏸
   *                    └─▶ N-003 docs ──────┘
   */
  it("prints the ASCII pipeline, the variables and the assumptions", async () => {
    const r = await describeCli([TEXT]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Pipeline: /);
    for (const id of ["N-001", "N-002", "N-003", "N-004", "N-005"]) expect(r.stdout).toContain(id);
    expect(r.stdout).toContain("pause-for-user");
    expect(r.stdout).toMatch(/Variables:\n {2}feature {2}string, required — /);
    expect(r.stdout).toMatch(/Assumptions:\n {2}- Steps 2, 3 run in parallel/);
  });

  it("--json prints exactly one JSON object: a template that validates clean", async () => {
    const r = await describeCli([TEXT, "--json"]);
    expect(r.code).toBe(0);
    const template = JSON.parse(r.stdout);
    expect(template.template_id).toMatch(/^wft-feature-/);
    expect(template.context_schema).toHaveProperty("feature");
    expect(validateTemplate(template).ok).toBe(true);
    expect(r.stderr).toMatch(/assumption: /);
  });

  it.each([[""], ["   "], ["blah blah"]])("refuses %j with the describe question and exit 1", async (text) => {
    const r = await describeCli([text]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(DESCRIBE_PROMPT);
  });

  it("a broken user catalog is exit 1 with DS005 on stderr", async () => {
    const file = path.join(dir, "catalog.yaml");
    fs.writeFileSync(file, "entries:\n  test: { recipe: { kind: shell } }\n");
    try {
      const r = await describeCli(["run the tests"]);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain("DS005");
    } finally {
      fs.rmSync(file);
    }
  });

  it("the real bin: --json on stdout only, and exit 1 for empty text", async () => {
    const run = promisify(execFile);
    const bin = path.resolve("scripts/wf.cjs");
    const env = { ...process.env, WF_DATA_DIR: dir };
    const ok = await run("node", [bin, "describe", "--no-agent", "--json", "fix the bug, then run the tests"], { env });
    expect(JSON.parse(ok.stdout).nodes.length).toBeGreaterThanOrEqual(2);
    const bad = await run("node", [bin, "describe", ""], { env }).catch((e: { code: number; stderr: string }) => e);
    expect(bad).toMatchObject({ code: 1 });
    expect((bad as { stderr: string }).stderr).toContain(DESCRIBE_PROMPT);
  });
});
