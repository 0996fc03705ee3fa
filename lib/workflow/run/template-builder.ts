/**
 * A fluent builder for templates in tests and benchmarks:
 * `buildTemplate().node("A").node("B", { on_fail: "skip" }).edge("A", "B").done()`.
 */
import { parseTemplate } from "@/lib/workflow/parse-template";
import type { Template } from "@/lib/workflow/template-schema";

type NodeFields = Record<string, unknown> & { type?: string };

export class TemplateBuilder {
  private nodes: Record<string, unknown>[] = [];
  private edges: Record<string, unknown>[] = [];
  private extra: Record<string, unknown> = {};

  /** A node; `shell` running `true` unless told otherwise. */
  node(id: string, fields: NodeFields = {}): this {
    this.nodes.push({ id, name: id, type: "shell", args_template: "true", ...fields });
    return this;
  }
  edge(from: string, to: string, label?: string): this {
    this.edges.push({ from, to, ...(label !== undefined ? { label } : {}) });
    return this;
  }
  /** `chain("A", "B", "C")` = A→B→C. */
  chain(...ids: string[]): this {
    for (let i = 1; i < ids.length; i++) this.edge(ids[i - 1], ids[i]);
    return this;
  }
  with(fields: Record<string, unknown>): this {
    Object.assign(this.extra, fields);
    return this;
  }
  done(): Template {
    const parsed = parseTemplate({ template_id: "t", name: "t", nodes: this.nodes, edges: this.edges, ...this.extra });
    if (!parsed.ok) throw new Error(parsed.diagnostics.map((d) => d.message).join("; "));
    return parsed.template;
  }
}

export function buildTemplate(): TemplateBuilder {
  return new TemplateBuilder();
}
