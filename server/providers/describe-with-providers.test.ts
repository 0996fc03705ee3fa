import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { describeWithProviders } from "./describe-with-providers";
import { createAgentProviders } from "./agent-providers";
import type { EnvVars } from "@/server/config/env-vars";
import { loadExecutorCatalog } from "@/server/catalog/load-executor-catalog";

/** What the composition root builds from an environment: its catalog and its providers. */
const sources = (e: EnvVars) => ({ catalog: () => loadExecutorCatalog(e), providers: createAgentProviders(e) });

const NOW = new Date("2026-11-29T10:00:00Z");
const TEXT = "plan the feature, then implement it, then run the tests";

/** What a well-behaved model answers: a different split than the rules would make. */
const AGENT_INTENT = {
  task_type: "feature",
  steps: [
    { seq: 1, description: "plan {goal}", type_hint: "planning", parallel_with: null, variables: ["goal"] },
    { seq: 2, description: "implement the backend", type_hint: "execution", parallel_with: 3, variables: ["goal"] },
    { seq: 3, description: "implement the frontend", type_hint: "execution", parallel_with: 2, variables: ["goal"] },
    { seq: 4, description: "run the tests", type_hint: "testing", parallel_with: null, variables: [] },
    { seq: 5, description: "let me review", type_hint: "checkpoint", parallel_with: null, variables: [] },
  ],
  variables: { goal: { type: "string", required: true, description: "The feature" } },
  assumptions: ["Split the implementation into backend and frontend."],
};

let server: Server;
let reply: (res: ServerResponse) => void;
let dir: string;
let env: EnvVars;

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "wf-describe-"));
  server = createServer((req, res) => {
    req.resume();
    req.on("end", () => reply(res));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  env = {
    WF_DATA_DIR: dir,
    WF_OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
    WF_OPENAI_MODEL: "test-model",
    // Generous: a loaded machine must not turn a valid answer into a timeout; the timeout case sets its own.
    WF_DESCRIBE_TIMEOUT_MS: "20000",
  };
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const chat = (content: string) => (res: ServerResponse) =>
  res
    .writeHead(200, { "content-type": "application/json" })
    .end(JSON.stringify({ choices: [{ message: { content } }] }));

describe("describe with an OpenAI-compatible provider", () => {
  it("uses a valid structured answer", async () => {
    reply = chat(JSON.stringify(AGENT_INTENT));
    const r = await describeWithProviders(TEXT, { ...sources(env), now: NOW });
    if (!r.ok) throw new Error("expected ok");
    expect(r.parser).toBe("agent:openai");
    expect(r.intent.steps.map((s) => s.parallel_group)).toEqual([null, "P1", "P1", null, null]);
    expect(r.template.nodes.find((n) => n.id === "N-005")).toMatchObject({ type: "checkpoint", auto_continue: false });
    expect(r.assumptions).toContain("Split the implementation into backend and frontend.");
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it.each([
    ["invalid JSON", chat("Sure! Here are the steps: plan, implement, test."), undefined],
    ["JSON that breaks the intent schema", chat(JSON.stringify({ ...AGENT_INTENT, steps: [] })), undefined],
    ["a step using an undeclared variable", chat(JSON.stringify({ ...AGENT_INTENT, variables: {} })), undefined],
    ["an HTTP error", (res: ServerResponse) => res.writeHead(503).end("overloaded"), undefined],
    ["no answer before the timeout", () => {}, "200"],
  ])("falls back to the rules on %s and says so", async (_label, handler, timeoutMs) => {
    reply = handler;
    const r = await describeWithProviders(TEXT, {
      ...sources({ ...env, ...(timeoutMs ? { WF_DESCRIBE_TIMEOUT_MS: timeoutMs } : {}) }),
      now: NOW,
    });
    if (!r.ok) throw new Error("expected ok");
    expect(r.parser).toBe("rules");
    expect(r.diagnostics.map((d) => d.code)).toContain("DS003");
    expect(r.assumptions[0]).toMatch(/Agent provider "openai" could not parse/);
    expect(r.intent.steps.map((s) => s.description)).toEqual(["plan the feature", "implement it", "run the tests"]);
  });

  it("skips the provider when asked (useAgent: false) or when WF_DESCRIBE_AGENT=off", async () => {
    reply = chat(JSON.stringify(AGENT_INTENT));
    const a = await describeWithProviders(TEXT, { ...sources(env), now: NOW, useAgent: false });
    const b = await describeWithProviders(TEXT, { ...sources({ ...env, WF_DESCRIBE_AGENT: "off" }), now: NOW });
    for (const r of [a, b]) {
      if (!r.ok) throw new Error("expected ok");
      expect(r.parser).toBe("rules");
      expect(r.diagnostics.map((d) => d.code)).not.toContain("DS003");
    }
  });

  it("still refuses empty text without asking the provider", async () => {
    let asked = false;
    reply = (res) => {
      asked = true;
      chat("{}")(res);
    };
    const r = await describeWithProviders("   ", { ...sources(env), now: NOW });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.diagnostics[0].code).toBe("DS001");
    expect(asked).toBe(false);
  });
});

describe("describe with a CLI provider (a real command)", () => {
  it("reads the intent printed by the agent command", async () => {
    const answerFile = path.join(dir, "answer.json");
    writeFileSync(answerFile, JSON.stringify(AGENT_INTENT));
    // The program runs in the sandbox: it sees the folder of its answer because the provider binds it.
    const providers = {
      providers: { cli: { kind: "cli", command: ["sh", "-c", `cat > /dev/null; cat ${answerFile}`], binds: [dir] } },
    };
    writeFileSync(path.join(dir, "providers.json"), JSON.stringify(providers));
    const r = await describeWithProviders(TEXT, {
      ...sources({ WF_DATA_DIR: dir }),
      now: NOW,
    });
    if (!r.ok) throw new Error("expected ok");
    expect(r.parser).toBe("agent:cli");
    expect(r.intent.steps).toHaveLength(5);
  });

  it("falls back when the command fails", async () => {
    const r = await describeWithProviders(TEXT, {
      ...sources({ WF_DATA_DIR: dir, WF_AGENT_CMD: "sh -c 'exit 7'" }),
      now: NOW,
    });
    if (!r.ok) throw new Error("expected ok");
    expect(r.parser).toBe("rules");
    expect(r.diagnostics[0]).toMatchObject({ code: "DS003" });
  });

  it("falls back with a warning when the provider file is broken", async () => {
    writeFileSync(path.join(dir, "providers.yaml"), "providers:\n  x: { kind: warp }\n");
    const r = await describeWithProviders(TEXT, { ...sources({ WF_DATA_DIR: dir }), now: NOW });
    if (!r.ok) throw new Error("expected ok");
    expect(r.parser).toBe("rules");
    expect(r.diagnostics[0]).toMatchObject({ code: "DS003" });
  });
});
