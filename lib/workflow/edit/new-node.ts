/**
 * A fresh node of a given type for the editor's palette: a unique id in the house style
 * (`N-004`, `G-002`, `CP-03`…), a readable name and the fields its type needs to be valid.
 */
import type { NodeType, Template, WorkflowNode } from "@/lib/workflow/model/template-schema";

const ID_PREFIX: Record<NodeType, string> = {
  shell: "N",
  agent: "N",
  skill: "N",
  http: "N",
  human: "H",
  checkpoint: "CP",
  gate: "G",
  loop: "L",
  workflow: "W",
};

const DEFAULTS: Record<NodeType, Record<string, unknown>> = {
  shell: { name: "Shell command", executor: "sh", args_template: "echo hello" },
  agent: { name: "Agent task", prompt: "Describe what the agent should do" },
  skill: { name: "Skill", executor: "" },
  http: { name: "HTTP request", method: "GET", url: "http://127.0.0.1/" },
  human: { name: "Ask a person", prompt: "Approve to continue?" },
  checkpoint: { name: "Checkpoint", auto_continue: false, save_fields: ["output"] },
  gate: { name: "Gate", condition: "" },
  loop: { name: "Loop", max_iter: 3, args_template: "echo iteration {iteration}" },
  workflow: { name: "Sub-workflow", template: "", inputs: {} },
};

/** The next free id with `prefix` (`N-001` when none is taken; numbers padded to 3, `CP` to 2). */
export function nextNodeId(taken: ReadonlySet<string>, prefix: string): string {
  const width = prefix === "CP" ? 2 : 3;
  let max = 0;
  const pattern = new RegExp(`^${prefix}-(\\d+)$`);
  for (const id of taken) {
    const m = pattern.exec(id);
    if (m) max = Math.max(max, Number(m[1]));
  }
  let n = max + 1;
  while (taken.has(`${prefix}-${String(n).padStart(width, "0")}`)) n++;
  return `${prefix}-${String(n).padStart(width, "0")}`;
}

export interface NewNodeOptions {
  position?: { x: number; y: number };
  /** For skill nodes: the executor-catalog entry (also names the node). */
  executor?: string;
  name?: string;
}

/** A new node of `type` whose id is free in `template`. */
export function newNode(type: NodeType, template: Pick<Template, "nodes">, options: NewNodeOptions = {}): WorkflowNode {
  const taken = new Set(template.nodes.map((n) => n.id));
  const node: Record<string, unknown> = { id: nextNodeId(taken, ID_PREFIX[type]), type, ...DEFAULTS[type] };
  if (options.executor !== undefined) {
    node.executor = options.executor;
    node.name = options.executor;
  }
  if (options.name !== undefined) node.name = options.name;
  if (options.position) node.position = { x: Math.round(options.position.x), y: Math.round(options.position.y) };
  return node as WorkflowNode;
}
