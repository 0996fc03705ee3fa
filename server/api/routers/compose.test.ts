import { TRPCError } from "@trpc/server";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DESCRIBE_PROMPT } from "@/lib/describe/describe-issues";
import { validateTemplate } from "@/lib/workflow/validate-template";
import { createCaller } from "@/server/api/root";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "wf-compose-"));
  vi.stubEnv("WF_DATA_DIR", dir);
  for (const name of ["WF_AGENT_CMD", "WF_OPENAI_BASE_URL", "WF_PROVIDERS_FILE", "WF_CATALOG"])
    vi.stubEnv(name, undefined);
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

const caller = () => createCaller({ headers: new Headers() });

describe("compose.describe", () => {
  /*
   *  N-001 analyze <scope> ─▶ … ─▶ N-002 plan ─▶ … ─▶ N-003 ⏸ ─▶ N-004 implement
   */
  it("returns template, intent, assumptions and diagnostics", async () => {
    const r = await caller().compose.describe({
      text: "Analyze <scope>, then write a plan, then let me review it, then implement it",
    });
    expect(r.intent.steps.map((s) => s.type_hint)).toEqual(["analysis", "planning", "checkpoint", "execution"]);
    expect(r.template.context_schema).toHaveProperty("scope");
    expect(r.template.nodes.find((n) => n.id === "N-003")).toMatchObject({ type: "checkpoint", auto_continue: false });
    expect(r.assumptions.length).toBeGreaterThan(0);
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(validateTemplate(r.template).ok).toBe(true);
    expect(r.parser).toBe("rules");
  });

  it.each([
    ["", "DS001"],
    ["hmm", "DS002"],
  ])("%j → BAD_REQUEST carrying the seed's question and %s", async (text, code) => {
    const err = await caller()
      .compose.describe({ text })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCError);
    expect((err as TRPCError).code).toBe("BAD_REQUEST");
    expect((err as TRPCError).message).toContain(DESCRIBE_PROMPT);
    expect((err as TRPCError & { diagnostics: { code: string }[] }).diagnostics.map((d) => d.code)).toEqual([code]);
  });
});
