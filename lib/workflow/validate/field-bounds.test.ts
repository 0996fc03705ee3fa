/**
 * Duration and repeat fields have stated bounds (field-bounds.ts, docs/model.md), enforced by the schema:
 * 30-day waits and timeouts are fine; a value past a bound is refused with a diagnostic that names the
 * node, the field and the bound; the JSON Schema for editors carries the same maximum.
 */
import { describe, expect, it } from "vitest";
import { graph } from "@/lib/workflow/test-support/test-graph-builder";
import { parseTemplate } from "@/lib/workflow/model/parse-template";
import { validateTemplate } from "./validate-template";
import { FIELD_BOUNDS } from "@/lib/workflow/model/field-bounds";
import { templateJsonSchema } from "@/lib/workflow/model/template-json-schema";

const THIRTY_DAYS_S = 2_592_000;

/** A → X with `fields` on X (a shell node unless `fields.type` says otherwise). */
const withX = (fields: Record<string, unknown>) =>
  graph("bounds")
    .node("A", { type: "shell", args_template: "true" })
    .node("X", { type: "shell", args_template: "true", ...fields })
    .chain("A", "X")
    .build();

const errorsOf = (fields: Record<string, unknown>) =>
  validateTemplate(withX(fields)).diagnostics.filter((d) => d.severity === "error");

describe("bounds of duration and repeat fields", () => {
  it("accept 30-day timeouts and waits", () => {
    expect(errorsOf({ timeout_s: THIRTY_DAYS_S })).toEqual([]);
    expect(errorsOf({ type: "human", prompt: "ok?", timeout_s: THIRTY_DAYS_S, on_timeout: "continue" })).toEqual([]);
    expect(errorsOf({ checks: [{ type: "human", prompt: "ok?" }], approval_timeout_s: THIRTY_DAYS_S })).toEqual([]);
    expect(errorsOf({ retries: { max: 100, backoff_ms: 86_400_000 } })).toEqual([]);
    expect(parseTemplate(withX({ timeout_s: THIRTY_DAYS_S })).ok).toBe(true);
  });

  it.each([
    ["timeout_s", { timeout_s: FIELD_BOUNDS.timeoutS.max + 1 }, "365 days"],
    ["timeout_s", { type: "human", prompt: "ok?", timeout_s: 1e12 }, "365 days"],
    ["approval_timeout_s", { checks: [{ type: "human", prompt: "?" }], approval_timeout_s: 4e7 }, "365 days"],
    ["retries", { retries: 101 }, "100 retries"],
    ["max", { retries: { max: 1000 } }, "100 retries"],
    ["backoff_ms", { retries: { max: 1, backoff_ms: 86_400_001 } }, "1 day"],
    ["timeout_s", { checks: [{ type: "command", run: "true", timeout_s: 86_401 }] }, "1 day"],
    ["timeout_s", { checks: [{ type: "agent_confirms", description: "ok", timeout_s: 1e9 }] }, "1 day"],
  ])("refuse %s past its bound, naming the node, the field and the bound", (field, fields, bound) => {
    const errors = errorsOf(fields);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ nodeId: "X", field });
    expect(errors[0].message).toContain(`node "X"`);
    expect(errors[0].message).toContain(field);
    expect(errors[0].message).toContain(bound);
    expect(parseTemplate(withX(fields)).ok).toBe(false);
  });

  it("refuse a loop of 5,000,000 iterations once (WF026 names the loop and the limit), before any planning", () => {
    const t = withX({ type: "loop", max_iter: 5_000_000, args_template: "true" });
    const errors = validateTemplate(t).diagnostics.filter((d) => d.severity === "error");
    expect(errors).toMatchObject([{ code: "WF026", nodeId: "X", field: "max_iter" }]);
    expect(errors[0].message).toContain("100");
    expect(parseTemplate(t).ok).toBe(false);
  });

  it("show the same maxima in the JSON Schema editors read", () => {
    const text = JSON.stringify(templateJsonSchema());
    for (const max of [FIELD_BOUNDS.timeoutS.max, FIELD_BOUNDS.retries.max, FIELD_BOUNDS.backoffMs.max])
      expect(text).toContain(`"maximum":${max}`);
  });
});
