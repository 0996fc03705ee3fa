/**
 * A fluent builder of templates for tests (and fixtures): nodes default to skill nodes named
 * after their id, `chain("A", "B", "C")` creates missing nodes and links them in order.
 * It does not validate — tests build broken graphs on purpose.
 *
 *   const t = graph("Demo").node("A", { type: "shell", args_template: "echo hi" }).chain("A", "B").build();
 */
import type { Edge, Template, WorkflowNode } from "@/lib/workflow/model/template-schema";

/** Any node fields; `type` defaults to `skill` (with an executor), `name` to the id. */
export type NodeSpec = Partial<Record<string, unknown>> & { type?: string };

export class TestGraphBuilder {
  private readonly nodes: Record<string, unknown>[] = [];
  private readonly edges: Edge[] = [];
  private readonly extra: Record<string, unknown> = {};
  private readonly variables: Record<string, { type: "string"; required: boolean; description?: string }> = {};

  /** `defaults` apply to every node before its own spec (e.g. `{ type: "shell", args_template: "true" }`). */
  constructor(
    private readonly name: string,
    private readonly defaults: NodeSpec = {},
  ) {}

  /** Adds a node (a second call with the same id adds a duplicate, for tests of WF010). */
  node(id: string, ownSpec: NodeSpec = {}): this {
    const spec = { ...this.defaults, ...ownSpec };
    const type = spec.type ?? "skill";
    const defaults: Record<string, unknown> = { id, name: id, type };
    if (type === "skill") defaults.executor = `skill-${id.toLowerCase()}`;
    if (type === "shell") defaults.args_template = `echo ${id}`;
    if (type === "agent") defaults.args_template = `Do ${id}`;
    if (type === "http") defaults.url = "http://127.0.0.1/";
    if (type === "loop") defaults.max_iter = 2;
    this.nodes.push({ ...defaults, ...spec });
    return this;
  }

  /** Adds nodes of one kind: `.nodes("A", "B")`. */
  nodesOf(spec: NodeSpec, ...ids: string[]): this {
    for (const id of ids) this.node(id, spec);
    return this;
  }

  edge(from: string, to: string, label?: string): this {
    this.edges.push(label === undefined ? { from, to } : { from, to, label });
    return this;
  }

  /** Links the ids in order, creating skill nodes for ids not added yet. */
  chain(...ids: string[]): this {
    for (const id of ids) if (!this.nodes.some((n) => n.id === id)) this.node(id);
    for (let i = 1; i < ids.length; i++) this.edge(ids[i - 1], ids[i]);
    return this;
  }

  /** Declares required string variables in context_schema. */
  vars(...names: string[]): this {
    for (const name of names) this.variables[name] = { type: "string", required: true };
    return this;
  }

  /** Declares one variable with options. */
  variable(name: string, required: boolean, description?: string): this {
    this.variables[name] = { type: "string", required, ...(description ? { description } : {}) };
    return this;
  }

  /** Sets any top-level template field (checkpoints, atomic_groups, phases, …). */
  set(fields: Record<string, unknown>): this {
    Object.assign(this.extra, fields);
    return this;
  }

  build(): Template {
    const checkpoints = this.nodes.filter((n) => n.type === "checkpoint").map((n) => n.id as string);
    return {
      template_id: `wft-test-20260101`,
      name: this.name,
      description: "",
      version: "1.0",
      tags: [],
      context_schema: structuredClone(this.variables),
      nodes: structuredClone(this.nodes) as WorkflowNode[],
      edges: structuredClone(this.edges),
      checkpoints,
      atomic_groups: [],
      execution_mode: "parallel",
      metadata: {},
      ...structuredClone(this.extra),
    };
  }
}

/** Starts a test graph: `graph("name").chain("A", "B").build()`. */
export function graph(name = "Test graph"): TestGraphBuilder {
  return new TestGraphBuilder(name);
}
