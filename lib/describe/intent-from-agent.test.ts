import { describe, expect, it } from "vitest";
import { AgentIntentSchema, buildIntentPrompt, parseAgentIntent } from "./intent-from-agent";

const NOW = new Date("2026-11-29T10:00:00Z");
const good = {
  task_type: "feature",
  steps: [
    { seq: 1, description: "plan {goal}", type_hint: "planning", parallel_with: null, variables: ["goal"] },
    { seq: 2, description: "api", type_hint: "execution", parallel_with: 3, variables: [] },
    { seq: 3, description: "ui", type_hint: "execution", parallel_with: null, variables: [] },
    { seq: 4, description: "docs", type_hint: "agent", parallel_with: 2, variables: [] },
  ],
  variables: { goal: { type: "string", required: true, description: "g" } },
};

describe("the agent's structured parse", () => {
  it("asks with the JSON Schema of the answer and the description", () => {
    const { system, prompt } = buildIntentPrompt("plan it");
    expect(system).toMatch(/JSON/);
    expect(prompt).toContain(JSON.stringify(AgentIntentSchema.shape.task_type.options[0]));
    expect(prompt.endsWith("plan it")).toBe(true);
  });

  it("accepts a valid answer (also inside a ``` fence), groups parallel_with links, recomputes complexity", () => {
    const r = parseAgentIntent("```json\n" + JSON.stringify(good) + "\n```", "text", NOW);
    if (!r.ok) throw new Error(r.reason);
    expect(r.intent.steps.map((s) => s.parallel_group)).toEqual([null, "P1", "P1", "P1"]);
    expect(r.intent.complexity).toBe("medium");
    expect(r.intent.created_at).toBe(NOW.toISOString());
    expect(r.intent.raw_description).toBe("text");
  });

  it.each([
    ["not JSON", "Here you go: plan, then build"],
    ["wrong task type", JSON.stringify({ ...good, task_type: "party" })],
    ["no steps", JSON.stringify({ ...good, steps: [] })],
    ["seq out of order", JSON.stringify({ ...good, steps: [good.steps[1], good.steps[0]] })],
    ["parallel_with to nowhere", JSON.stringify({ ...good, steps: [{ ...good.steps[0], parallel_with: 9 }] })],
    ["undeclared variable", JSON.stringify({ ...good, variables: {} })],
  ])("rejects %s with a reason", (_label, text) => {
    const r = parseAgentIntent(text, "text", NOW);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason.length).toBeGreaterThan(0);
  });
});
