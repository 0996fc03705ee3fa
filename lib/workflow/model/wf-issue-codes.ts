/**
 * The catalog of model diagnostics (`WF0xx`): one stable code per problem, with its default
 * severity and a message function, so the UI, the CLI, logs and tests share the code.
 */
import type { Diagnostic, Severity } from "./diagnostic";

interface IssueDef<A extends unknown[]> {
  severity: Severity;
  message: (...args: A) => string;
}

function def<A extends unknown[]>(severity: Severity, message: (...args: A) => string): IssueDef<A> {
  return { severity, message };
}

const list = (ids: readonly string[]) => ids.join(", ");

/** Every model diagnostic. Codes are stable: never renumber, only add. */
export const WF_ISSUES = {
  /** The template does not match the schema (details in `path`). */
  WF001: def("error", (path: string, detail: string) => `${path}: ${detail}`),
  WF010: def(
    "error",
    (id: string, count: number) => `Node id "${id}" is used by ${count} nodes; give each node a unique id.`,
  ),
  WF011: def(
    "error",
    (end: "from" | "to", id: string) =>
      `Edge ${end === "from" ? "starts at" : "points to"} "${id}", which is not a node; fix the id or delete the edge.`,
  ),
  WF012: def("error", (id: string) => `Edge from "${id}" to itself; a node cannot depend on itself (use a loop node).`),
  WF013: def("error", (cycle: readonly string[], others: readonly string[]) => {
    const also = others.length > 0 ? ` (also on a cycle with them: ${list(others)})` : "";
    return `Cycle: ${[...cycle, cycle[0]].join(" → ")}${also}; remove one of these edges (repeat work with a loop node).`;
  }),
  WF014: def("error", (id: string) => `Node "${id}" cannot be reached from any start node; connect it or delete it.`),
  WF015: def(
    "error",
    () => "Every node has an incoming edge, so there is no start node; remove an edge into the first step.",
  ),
  WF016: def(
    "warning",
    (from: string, to: string) => `Edge ${from} → ${to} is listed more than once; delete the copy.`,
  ),
  WF017: def("warning", (id: string) => `Node "${id}" has no edges at all; connect it to the pipeline or delete it.`),
  WF018: def("error", () => "The workflow has no nodes; add at least one step."),
  WF020: def(
    "error",
    (id: string, count: number) => `Gate "${id}" has ${count} outgoing edge(s); a gate needs at least two branches.`,
  ),
  WF021: def(
    "error",
    (id: string, label: string) => `Gate "${id}" has two branches labelled "${label}"; labels must differ.`,
  ),
  WF022: def(
    "error",
    (id: string, to: string) =>
      `Edge ${id} → ${to} leaves a gate without a label, so it can never be chosen; label it.`,
  ),
  WF025: def("error", (id: string, value: number) => `Loop "${id}" has max_iter ${value}; it must be at least 1.`),
  WF026: def(
    "error",
    (id: string, value: number, max: number) => `Loop "${id}" has max_iter ${value}; the limit is ${max} iterations.`,
  ),
  WF030: def("error", (id: string, target: string) => `Node "${id}" falls back to "${target}", which is not a node.`),
  WF031: def("error", (id: string) => `Node "${id}" falls back to itself; choose another fallback node.`),
  WF032: def(
    "error",
    (chain: readonly string[]) => `Fallbacks form a loop: ${[...chain, chain[0]].join(" → ")}; break the chain.`,
  ),
  WF040: def(
    "error",
    (id: string, path: string) =>
      `Check path "${path}" of node "${id}" leaves the run's workspace; use a relative path.`,
  ),
  WF041: def(
    "error",
    (id: string, pattern: string) =>
      `Check pattern "${pattern}" of node "${id}" is not a valid RE2 regular expression (no look-arounds or back-references).`,
  ),
  WF050: def(
    "error",
    (id: string, field: string, ref: string) => `Node "${id}" (${field}) refers to ${ref}, but there is no such node.`,
  ),
  WF051: def(
    "error",
    (id: string, field: string, ref: string, target: string) =>
      `Node "${id}" (${field}) refers to ${ref}, but "${target}" does not run before it; add an edge path from "${target}".`,
  ),
  WF052: def(
    "error",
    (id: string, field: string, name: string) =>
      `Node "${id}" (${field}) uses variable {${name}}, which is missing from context_schema; declare it.`,
  ),
  WF053: def(
    "warning",
    (id: string, field: string, ref: string) => `Node "${id}" (${field}) uses ${ref}, but it has no upstream node.`,
  ),
  WF054: def("warning", (id: string, field: string) => `Node "${id}" (${field}) uses {iteration} outside a loop node.`),
  WF055: def("info", (name: string) => `Variable "${name}" is declared in context_schema but never used.`),
  WF060: def(
    "error",
    (from: string, to: string, group: string) =>
      `Edge ${from} → ${to} joins two members of parallel group "${group}"; members must not depend on each other.`,
  ),
  WF070: def(
    "error",
    (id: string, tier: string) => `Shell node "${id}" declares tier "${tier}", but running a command needs "rwx".`,
  ),
  WF071: def(
    "error",
    (id: string, tier: string) => `Node "${id}" runs git but declares tier "${tier}"; declare tier "git".`,
  ),
  WF073: def(
    "error",
    (id: string, entry: string, runs: string, needed: string, tier: string) =>
      `Skill node "${id}" runs the catalog entry "${entry}" (${runs}), which needs tier "${needed}", but declares tier "${tier}"; declare tier "${needed}" or pick another entry.`,
  ),
  WF072: def("error", (id: string, what: string) => `Node "${id}" has no ${what}, so there is nothing to run.`),
  WF080: def("error", (id: string) => `checkpoints[] lists "${id}", which is not a node.`),
  WF081: def(
    "error",
    (id: string, type: string) => `checkpoints[] lists "${id}", which is a ${type} node, not a checkpoint.`,
  ),
  WF082: def("warning", (id: string) => `Checkpoint node "${id}" is missing from checkpoints[].`),
  WF083: def("warning", (group: string, id: string) => `Atomic group "${group}" lists "${id}", which is not a node.`),
  WF090: def(
    "error",
    (id: string, field: string, problem: string) =>
      `Node "${id}" (${field}): the shell cannot read this command: ${problem}; fix the quoting.`,
  ),
  WF091: def(
    "error",
    (id: string, field: string, problem: string) =>
      `Node "${id}" (${field}): ${problem}, so its value could not be passed to the command as data.`,
  ),
  WF092: def(
    "error",
    (name: string, why: string) =>
      `Variable "${name}" ${why}: nodes receive variables in their environment under their own names; rename it.`,
  ),
  WF093: def(
    "warning",
    (id: string, field: string) =>
      `Node "${id}" sets ${field}, but it never asks a person (not a human task, a checkpoint with auto_continue: false, a gate, or a node with a human check), so it has no effect.`,
  ),
  WF094: def(
    "warning",
    (id: string) =>
      `Node "${id}" sets on_timeout without a timeout (timeout_s on a node that waits for a person, approval_timeout_s for a human check), so its approvals never time out.`,
  ),
  WF095: def(
    "error",
    (id: string) =>
      `Node id "${id}" is reserved: {${id}.NAME} reads the secret NAME, so no reference could reach this node; rename it.`,
  ),
  WF096: def(
    "warning",
    (id: string, field: string, nearest: string | undefined) =>
      `Node "${id}" has a field "${field}" that nothing reads, so it has no effect${nearest ? `; did you mean "${nearest}"?` : "; see docs/model.md for the fields of each node type."}`,
  ),
  WF097: def(
    "warning",
    (id: string, type: string, field: string, readers: readonly string[]) =>
      `Node "${id}" is a ${type} node, but only ${list(readers)} nodes read "${field}", so it has no effect here.`,
  ),
  WF098: def(
    "warning",
    (id: string, field: string, alias: string, kept: string) =>
      `Node "${id}" sets both ${field} and its old name ${alias} to different values; ${kept} is used. Keep only ${field}.`,
  ),
  WF099: def(
    "warning",
    (field: string, nearest: string | undefined) =>
      `The template has a field "${field}" that nothing reads, so it has no effect${nearest ? `; did you mean "${nearest}"?` : "."}`,
  ),
  WF100: def(
    "error",
    (id: string, field: string, problem: string) =>
      `Node "${id}" (${field}): a shell would run a value as code here — ${problem}.`,
  ),
  WF101: def(
    "error",
    (id: string, field: string, problem: string) =>
      `Node "${id}" (${field}): a value would be evaluated as arithmetic or used as a variable name — ${problem}.`,
  ),
  WF102: def(
    "warning",
    (id: string, type: string) =>
      `Node "${id}" sets network: false, but a ${type} node starts no process of its own (no command line and no command check), so there is no network to cut; remove the field.`,
  ),
  WF103: def(
    "error",
    (name: string, ref: string) =>
      `Template output "${name}" refers to ${ref}, but there is no such node; name a node of this template.`,
  ),
  WF104: def(
    "error",
    (name: string, variable: string) =>
      `Template output "${name}" uses variable {${variable}}, which is missing from context_schema; declare it.`,
  ),
  WF105: def(
    "warning",
    (name: string, ref: string) =>
      `Template output "${name}" uses ${ref}, which only a node can read; name the node instead ({N-001.output}).`,
  ),
  WF106: def("error", (id: string, ref: string, version: string | number | undefined) =>
    version === undefined
      ? `Workflow node "${id}" calls "${ref}", which names no template; pick one from the library (in the CLI, also a file).`
      : `Workflow node "${id}" calls "${ref}" version ${version}, which does not exist; pick a saved version or leave version empty for the latest.`,
  ),
  WF107: def(
    "error",
    (id: string, ref: string, missing: readonly string[]) =>
      `Workflow node "${id}" gives no input for ${missing.length > 1 ? "the required variables" : "the required variable"} ${list(missing)} of "${ref}"; map ${missing.length > 1 ? "each" : "it"} in inputs.`,
  ),
  WF108: def(
    "warning",
    (id: string, name: string, ref: string) =>
      `Workflow node "${id}" maps input "${name}", but "${ref}" declares no such variable, so nothing reads it.`,
  ),
  WF109: def(
    "error",
    (id: string, chain: readonly string[]) =>
      `Workflow node "${id}" makes the template call itself: ${chain.join(" → ")}; remove one of these calls.`,
  ),
  WF110: def(
    "warning",
    (id: string, where: string) =>
      `Node "${id}" needs an agent provider, but none is ready; add one in Settings → Agent providers (${where}).`,
  ),
  WF111: def(
    "error",
    (id: string, ref: string, problem: string, more: number) =>
      `Workflow node "${id}" calls "${ref}", which cannot run: ${problem}${more > 0 ? ` (and ${more} more ${more > 1 ? "problems" : "problem"})` : ""}; fix "${ref}" first.`,
  ),
  WF112: def(
    "error",
    (id: string, name: string, secret: string) =>
      `Workflow node "${id}" passes the secret "${secret}" in inputs.${name}; inputs are stored as the child's variables, so a secret is never one: let the child template read {secrets.${secret}} itself.`,
  ),
} as const;

export type WfIssueCode = keyof typeof WF_ISSUES;

type IssueArgs<C extends WfIssueCode> = Parameters<(typeof WF_ISSUES)[C]["message"]>;

/** Where a diagnostic points (all optional). */
export type IssueLocation = Pick<Diagnostic, "nodeId" | "edge" | "field" | "path" | "line" | "column">;

/** Builds a catalog diagnostic: `wfIssue("WF012", { nodeId }, id)`. */
export function wfIssue<C extends WfIssueCode>(code: C, where: IssueLocation, ...args: IssueArgs<C>): Diagnostic {
  const entry = WF_ISSUES[code] as IssueDef<IssueArgs<C>>;
  const located = Object.fromEntries(Object.entries(where).filter(([, v]) => v !== undefined));
  return { severity: entry.severity, code, message: entry.message(...args), ...located };
}
