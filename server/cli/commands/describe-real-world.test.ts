/**
 * The real-world description table (lib/describe/real-world-descriptions.json) through the real
 * `wf describe --json` bin, one child process per description, and bad input the same way.
 * No agent provider is configured, so the rules read every description.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESCRIBE_PROMPT } from "@/lib/describe/describe-issues";
import TABLE from "@/lib/describe/real-world-descriptions.json";
import { summarizeDescribed } from "@/lib/describe/summarize-described";
import { TemplateSchema } from "@/lib/workflow/model/template-schema";
import { validateTemplate } from "@/lib/workflow/validate/validate-template";

const BIN = path.resolve("scripts/wf.cjs");
let dir: string;
let env: NodeJS.ProcessEnv;

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

function wfDescribe(text: string): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, "describe", "--no-agent", "--json", "--", text], // "--": a text may start with "- "
      { env, maxBuffer: 64 << 20 },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const results = new Map<string, Ran>();

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-describe-table-"));
  env = { ...process.env, WF_DATA_DIR: dir };
  for (const name of ["WF_AGENT_CMD", "WF_OPENAI_BASE_URL", "WF_PROVIDERS_FILE", "WF_CATALOG"]) delete env[name];
  // The first run may rebuild the CLI bundles; the rest run two at a time.
  const texts = TABLE.map((c) => c.text);
  results.set(texts[0], await wfDescribe(texts[0]));
  const queue = texts.slice(1);
  const worker = async () => {
    for (let t = queue.shift(); t !== undefined; t = queue.shift()) results.set(t, await wfDescribe(t));
  };
  await Promise.all([worker(), worker()]);
}, 300_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("wf describe --json reads descriptions as people write them", () => {
  for (const c of TABLE) {
    it(`${c.area}: ${c.flow} — ${JSON.stringify(c.text.slice(0, 60))}`, () => {
      const r = results.get(c.text)!;
      expect(r.code, r.stderr).toBe(0);
      const template = TemplateSchema.parse(JSON.parse(r.stdout));
      expect(summarizeDescribed(template)).toEqual({ steps: c.steps, flow: c.flow, variables: c.variables });
      expect(validateTemplate(template).diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      expect(r.stderr).toMatch(/^assumption: /m);
    });
  }
});

describe("wf describe --json on bad input", () => {
  it.each([
    ["empty", ""],
    ["no verb", "lorem ipsum dolor"],
    ["markup only", "<div><span></span></div><br/>"],
    ["emoji only", "🚀🎉✅🔥"],
  ])("%s → exit 1 with the question on stderr, nothing on stdout", async (_label, text) => {
    const r = await wfDescribe(text);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(DESCRIBE_PROMPT);
  });

  it("50 KB of prose → a best-effort template, every step named, the reading said", async () => {
    const prose = TABLE.filter((c) => !c.text.includes("\n"))
      .map((c) => c.text)
      .join(" ");
    const text = prose.repeat(Math.ceil(51_200 / prose.length)).slice(0, 51_200);
    const r = await wfDescribe(text);
    expect(r.code, r.stderr.slice(0, 500)).toBe(0);
    const template = TemplateSchema.parse(JSON.parse(r.stdout));
    expect(template.nodes.length).toBeGreaterThan(100);
    for (const n of template.nodes) expect(n.name.trim()).not.toBe("");
    expect(r.stderr).toMatch(/^assumption: /m);
  });

  it("markup and emoji around words → the words are read, and the assumptions say what was dropped", async () => {
    const r = await wfDescribe("<p>🚀 <b>Build</b> the app</p><p>then ✅ run the tests</p>");
    expect(r.code).toBe(0);
    expect(summarizeDescribed(TemplateSchema.parse(JSON.parse(r.stdout))).steps).toEqual([
      "Build the app",
      "run the tests",
    ]);
    expect(r.stderr).toContain("HTML markup was removed");
    expect(r.stderr).toContain("Emoji and other symbols were ignored");
  });
});
