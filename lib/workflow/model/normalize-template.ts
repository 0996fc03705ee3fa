/** Other tools' node-type names → canonical types (docs/model.md, "Node types"), applied before schema parsing on every import path. */
import { endsSlice, finish, type Sliced } from "@/lib/workflow/slices/sliced";

/** Names other tools use (CLI nodes, `<step type>` values, playbook capabilities) and what they mean here. */
export const NODE_TYPE_ALIASES: Readonly<Record<string, string>> = {
  cli: "shell",
  tool: "shell",
  command: "skill",
  subagent: "agent",
  prompt: "agent",
  session: "agent",
  manual: "human",
  decision: "human",
};

const SHELL_EXECUTORS = new Set(["sh", "bash", "shell", "zsh", "/bin/sh", "/bin/bash"]);

/**
 * Map another tool's type name to a canonical one. `command` is a namespaced skill
 * (`workflow:refactor-cycle`), so it becomes `skill` — unless its executor is a shell, when
 * it is a plain command line.
 */
export function normalizeNodeType(type: unknown, executor?: unknown): unknown {
  if (typeof type !== "string") return type;
  const lower = type.trim().toLowerCase();
  if (lower === "command" && typeof executor === "string" && SHELL_EXECUTORS.has(executor)) return "shell";
  return NODE_TYPE_ALIASES[lower] ?? lower;
}

/** `phases: ["plan", "build"]` (plain names, as playbooks allow) → `[{ name: "plan" }, …]`. */
function normalizePhases(phases: unknown): unknown {
  if (!Array.isArray(phases) || !phases.some((p) => typeof p === "string")) return phases;
  return phases.map((p: unknown) => (typeof p === "string" ? { name: p } : p));
}

/** Whether a node waits for a person, so that its `timeout_s` is how long that wait may last. */
export function waitsForPerson(node: { type?: unknown; auto_continue?: unknown }): boolean {
  return node.type === "human" || node.type === "gate" || (node.type === "checkpoint" && node.auto_continue === false);
}

/**
 * The contract's names for a node's approval policy, from the product's older ones (kept as aliases):
 * `allow_self_approval: false` → `forbid_self_approval: true`, and on a node that waits for a person
 * `approval_timeout_s` → `timeout_s`. When both names are written the safer or canonical one stands
 * (`forbid` wins; `timeout_s` wins) and validation warns (WF098). Values of the wrong type stay for
 * the schema to report.
 */
function canonicalApprovalNames(node: Record<string, unknown>): void {
  const allow = node.allow_self_approval;
  const forbid = node.forbid_self_approval;
  if (typeof allow === "boolean" && (forbid === undefined || typeof forbid === "boolean")) {
    node.forbid_self_approval = forbid === true || !allow;
    delete node.allow_self_approval;
  }
  if (node.approval_timeout_s !== undefined && waitsForPerson(node)) {
    node.timeout_s ??= node.approval_timeout_s;
    delete node.approval_timeout_s;
  }
}

/**
 * Returns a shallow copy of raw template JSON with node types normalised, `on_fail: stop` →
 * `abort`, phases given as plain names turned into `{ name }`, and the approval fields under the
 * contract's names (`canonicalApprovalNames`).
 */
export function normalizeTemplate(raw: unknown): unknown {
  return finish(normalizeTemplateInSlices(raw));
}

/** `normalizeTemplate` in slices (a large template's parse: see `sliced.ts`). */
export function* normalizeTemplateInSlices(raw: unknown): Sliced<unknown> {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
  const input = raw as Record<string, unknown>;
  const t = Array.isArray(input.phases) ? { ...input, phases: normalizePhases(input.phases) } : input;
  if (!Array.isArray(t.nodes)) return t;
  const nodes: unknown[] = [];
  for (let k = 0; k < t.nodes.length; k++) {
    if (endsSlice(k)) yield;
    nodes.push(normalizeNode(t.nodes[k]));
  }
  return { ...t, nodes };
}

function normalizeNode(n: unknown): unknown {
  if (!n || typeof n !== "object" || Array.isArray(n)) return n;
  const node = { ...(n as Record<string, unknown>) };
  node.type = normalizeNodeType(node.type, node.executor);
  if (node.on_fail === "stop") node.on_fail = "abort";
  canonicalApprovalNames(node);
  return node;
}
