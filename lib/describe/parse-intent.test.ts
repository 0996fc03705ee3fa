import { describe, expect, it } from "vitest";
import { parseIntent } from "./parse-intent";

const NOW = new Date("2026-11-29T10:00:00Z");

function intentOf(text: string) {
  const r = parseIntent(text, { now: NOW });
  if (!r.ok) throw new Error(JSON.stringify(r.diagnostics));
  return r;
}

describe("parseIntent: variables", () => {
  it("types slots by name: *_path / *_file → path, is_* / dry_run → boolean, else string", () => {
    const { intent } = intentOf("Lint <src_dir> and format [config_file], then deploy {env} unless {dry_run}");
    expect(Object.fromEntries(Object.entries(intent.variables).map(([k, v]) => [k, v.type]))).toEqual({
      src_dir: "path",
      config_file: "path",
      env: "string",
      dry_run: "boolean",
    });
  });

  it("marks a slot optional when the text says so, and names multi-word slots in snake_case", () => {
    const { intent } = intentOf("Summarize [feature name] with an optional <style guide>");
    expect(intent.variables.feature_name).toMatchObject({ type: "string", required: true });
    expect(intent.variables.style_guide).toMatchObject({ required: false });
    expect(intent.steps[0].description).toBe("Summarize {feature_name} with an optional {style_guide}");
  });

  it("ignores Markdown checkboxes and links, reserved names and Object prototype names", () => {
    const { intent } = intentOf(
      "- [x] write the [notes](http://x) for {constructor}\n- [ ] review {prev_output} and {toString}",
    );
    expect(Object.keys(intent.variables).sort()).toEqual(["constructor", "tostring"]);
  });

  it("finds direct mentions: the goal, the target, my task, user-provided X, the given X", () => {
    expect(Object.keys(intentOf("Plan the goal, then build the target").intent.variables)).toEqual(["goal", "target"]);
    expect(Object.keys(intentOf("Research my task").intent.variables)).toEqual(["task"]);
    expect(Object.keys(intentOf("Translate the user-provided text").intent.variables)).toEqual(["text"]);
    expect(Object.keys(intentOf("Scan the given repository").intent.variables)).toEqual(["repository"]);
  });

  it.each([
    ["Fix the crash and run the tests", "bugfix", "The bug to fix"],
    ["Implement the feature and run the tests", "feature", "The feature to build"],
    ["Brainstorm ideas then pick one", "brainstorm", "The topic to brainstorm"],
  ])("assumes an implicit goal for %j (%s) and says so", (text, taskType, description) => {
    const { intent, assumptions } = intentOf(text);
    expect(intent.task_type).toBe(taskType);
    expect(intent.variables).toEqual({ goal: { type: "string", required: true, description } });
    expect(assumptions.some((a) => a.includes('"goal"'))).toBe(true);
    expect(intent.steps.every((s) => s.variables.includes("goal"))).toBe(true);
  });

  it("a custom workflow without named inputs has no variables; pauses and commands take none", () => {
    const { intent } = intentOf("Run `npm run lint`, then pause for my approval, then run `npm run build`");
    expect(intent.task_type).toBe("custom");
    expect(intent.variables).toEqual({});
    expect(intent.steps.map((s) => s.variables)).toEqual([[], [], []]);
  });
});

describe("parseIntent: the intent object", () => {
  it("follows the intent shape of docs/describe.md: session id, raw description, created_at, seq, parallel_with", () => {
    const { intent } = intentOf("Write tests and write docs in parallel, then review them");
    expect(intent.session_id).toMatch(/^WFD-[a-z0-9-]+-20261129$/);
    expect(intent.raw_description).toBe("Write tests and write docs in parallel, then review them");
    expect(intent.created_at).toBe(NOW.toISOString());
    expect(intent.steps.map((s) => [s.seq, s.parallel_with, s.type_hint])).toEqual([
      [1, 2, "testing"],
      [2, 1, "agent"],
      [3, null, "review"],
    ]);
  });

  it("keeps one-step descriptions and gives every step a type hint", () => {
    const { intent } = intentOf("Benchmark the parser");
    expect(intent.steps).toEqual([
      {
        seq: 1,
        description: "Benchmark the parser",
        type_hint: "testing",
        parallel_with: null,
        variables: [],
        parallel_group: null,
      },
    ]);
    expect(intent.complexity).toBe("simple");
  });

  it("takes a pause out of a parallel group and says so", () => {
    const { intent, assumptions } = intentOf("Write docs and wait for my approval in parallel");
    expect(intent.steps.map((s) => s.parallel_group)).toEqual([null, null]);
    expect(intent.steps[1].type_hint).toBe("checkpoint");
    expect(assumptions.some((a) => a.includes("taken out of its parallel group"))).toBe(true);
  });
});
