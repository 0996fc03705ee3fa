/** Other tools' node-type names → canonical types (docs/model.md, "Node types"), applied before schema parsing on every import path. */

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

/**
 * Returns a shallow copy of raw template JSON with node types normalised, `on_fail: stop` →
 * `abort`, and phases given as plain names turned into `{ name }`.
 */
export function normalizeTemplate(raw: unknown): unknown {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
  const input = raw as Record<string, unknown>;
  const t = Array.isArray(input.phases) ? { ...input, phases: normalizePhases(input.phases) } : input;
  if (!Array.isArray(t.nodes)) return t;
  const nodes = t.nodes.map((n: unknown) => {
    if (!n || typeof n !== "object" || Array.isArray(n)) return n;
    const node = { ...(n as Record<string, unknown>) };
    node.type = normalizeNodeType(node.type, node.executor);
    if (node.on_fail === "stop") node.on_fail = "abort";
    return node;
  });
  return { ...t, nodes };
}
