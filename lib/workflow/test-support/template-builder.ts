/**
 * The run tests' builder: the shared test graph builder with nodes that are `shell` running `true`,
 * and `done()` parsing the result (schema defaults applied, type names normalised):
 * `buildTemplate().node("A").node("B", { on_fail: "skip" }).edge("A", "B").done()`.
 */
import { parseTemplate } from "@/lib/workflow/model/parse-template";
import type { Template } from "@/lib/workflow/model/template-schema";
import { TestGraphBuilder } from "@/lib/workflow/test-support/test-graph-builder";

export class TemplateBuilder extends TestGraphBuilder {
  constructor() {
    super("t", { type: "shell", args_template: "true" });
  }
  /** Sets top-level template fields (`execution_mode`, `context_schema`, …). */
  with(fields: Record<string, unknown>): this {
    return this.set(fields);
  }
  done(): Template {
    const parsed = parseTemplate(this.build());
    if (!parsed.ok) throw new Error(parsed.diagnostics.map((d) => d.message).join("; "));
    return parsed.template;
  }
}

export function buildTemplate(): TemplateBuilder {
  return new TemplateBuilder();
}
