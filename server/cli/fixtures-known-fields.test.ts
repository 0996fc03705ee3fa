/**
 * Every shipped template — the CLI fixtures, the library's examples, what describe builds, the examples
 * in docs — uses only fields something reads: the unknown-field warnings (WF096, WF097, WF099) stay for
 * real mistakes. `every-rule-broken.yaml` is broken on purpose and still has no unknown field.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeWorkflow } from "@/lib/describe/describe-workflow";
import { validateWorkflow } from "@/lib/formats/validate-workflow";
import { validateTemplate } from "@/lib/workflow/validate/validate-template";
import { EXAMPLE_TEMPLATES } from "@/server/db/example-templates";

const UNKNOWN_FIELD_CODES = ["WF096", "WF097", "WF099"];
const fixtures = path.join(import.meta.dirname, "fixtures");
const unknownFields = (diagnostics: { code: string; message: string }[]) =>
  diagnostics.filter((d) => UNKNOWN_FIELD_CODES.includes(d.code)).map((d) => d.message);

describe("shipped templates carry no unknown field", () => {
  it.each(fs.readdirSync(fixtures).filter((f) => /\.(json|ya?ml|mmd)$/.test(f)))("fixture %s", (name) => {
    const text = fs.readFileSync(path.join(fixtures, name), "utf8");
    const resolveInclude = (p: string) => fs.readFileSync(path.join(fixtures, p), "utf8");
    expect(unknownFields(validateWorkflow({ filename: name, text, resolveInclude }).diagnostics)).toEqual([]);
  });

  it.each(EXAMPLE_TEMPLATES.map((t) => [t.name, t] as const))("example %s", (_name, t) => {
    expect(unknownFields(validateTemplate(t).diagnostics)).toEqual([]);
  });

  it.each([
    "Analyze the logs, then write a plan, pause for review, implement it and run the tests in parallel with a security review",
    "1. research the API 2. write a spec 3. ask me to approve 4. build it in the background",
  ])("described: %s", (text) => {
    const r = describeWorkflow(text);
    if (!r.ok) throw new Error(r.diagnostics.map((d) => d.message).join("; "));
    expect(unknownFields(validateTemplate(r.template).diagnostics)).toEqual([]);
  });
});
