/**
 * Which fields the inspector shows for each node type, and how each is edited. Data, not UI: the
 * inspector renders whatever this lists, labelled with the field's own name (docs/ui.md).
 */
import { TIERS, type NodeType } from "./template-schema";

export type FieldKind =
  | "text"
  /** A template with `{references}`: autocomplete offers variables and upstream outputs. */
  | "reference"
  /** A command line or prompt: multi-line, monospace, with `{reference}` autocomplete. */
  | "code"
  | "number"
  | "integer"
  | "boolean"
  | "select"
  /** A list of strings, one per line. */
  | "list"
  | "retries"
  | "onFail"
  | "checks"
  /** A map of names to `{reference}` templates (a workflow node's `inputs`). */
  | "inputs";

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  options?: readonly string[];
  /** One line shown under the field. */
  help?: string;
  /** Shown in the inspector's folded "Behaviour" section rather than at the top. */
  behaviour?: true;
}

const WORK_BEHAVIOUR: FieldSpec[] = [
  { behaviour: true, name: "on_fail", kind: "onFail", help: "abort (default), skip, retry or fallback:<node id>" },
  { behaviour: true, name: "retries", kind: "retries", help: "extra attempts after the first (a number)" },
  { behaviour: true, name: "timeout_s", kind: "number", help: "seconds before the attempt is stopped" },
  {
    behaviour: true,
    name: "tier",
    kind: "select",
    options: ["", ...TIERS],
    help: "ro < rw < rwx < git; empty: what the type needs",
  },
  { behaviour: true, name: "forbids_files", kind: "list", help: "paths the node must not touch, one per line" },
  { behaviour: true, name: "output_file", kind: "text", help: "output = this workspace file instead of stdout" },
  { behaviour: true, name: "checks", kind: "checks", help: "postconditions, checked after the work" },
  { behaviour: true, name: "preconditions", kind: "checks", help: "checked before the node starts" },
];

const COMMON_TAIL: FieldSpec[] = [
  { behaviour: true, name: "phase", kind: "text" },
  { behaviour: true, name: "parallel_group", kind: "text", help: "members of a group run side by side and are framed" },
  { behaviour: true, name: "breakpoint", kind: "boolean", help: "inject checkpoints pauses before this node" },
];

const WAIT_BEHAVIOUR: FieldSpec[] = [
  { behaviour: true, name: "timeout_s", kind: "number", help: "how long the wait may last (seconds)" },
  { behaviour: true, name: "on_fail", kind: "onFail" },
  {
    behaviour: true,
    name: "approvals_required",
    kind: "integer",
    help: "distinct people who must approve (default 1)",
  },
  {
    behaviour: true,
    name: "on_timeout",
    kind: "select",
    options: ["", "fail", "continue"],
    help: "when timeout_s passes: fail (default) or continue as approved; a gate continues on its else branch",
  },
  {
    behaviour: true,
    name: "forbid_self_approval",
    kind: "boolean",
    help: "on: who started the run may not decide",
  },
];

export const NODE_FIELDS: Record<NodeType, readonly FieldSpec[]> = {
  shell: [
    { name: "args_template", kind: "code", help: "run by /bin/sh -c in the run's workspace" },
    { name: "executor", kind: "text" },
    ...WORK_BEHAVIOUR,
  ],
  agent: [
    { name: "prompt", kind: "code" },
    { name: "provider", kind: "text", help: "a configured agent provider; empty: the default" },
    { name: "run_in_background", kind: "boolean" },
    { name: "long_running", kind: "boolean" },
    ...WORK_BEHAVIOUR,
  ],
  skill: [
    { name: "executor", kind: "text", help: "an entry of the executor catalog" },
    { name: "args_template", kind: "code" },
    ...WORK_BEHAVIOUR,
  ],
  http: [
    { name: "method", kind: "select", options: ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"] },
    { name: "url", kind: "reference" },
    { name: "body", kind: "code" },
    ...WORK_BEHAVIOUR,
  ],
  human: [
    { name: "prompt", kind: "code" },
    { name: "options", kind: "list", help: "choices offered, one per line; empty: a free answer" },
    ...WAIT_BEHAVIOUR,
  ],
  checkpoint: [
    { name: "auto_continue", kind: "boolean", help: "off: the run pauses here for a person" },
    { name: "save_fields", kind: "list", help: "run-state fields saved, one per line" },
    ...WAIT_BEHAVIOUR,
  ],
  gate: [
    { name: "condition", kind: "reference", help: "its value picks the outgoing edge with that label" },
    { name: "expression", kind: "text", help: "a CEL expression over vars and outputs, instead" },
    ...WAIT_BEHAVIOUR,
  ],
  loop: [
    { name: "max_iter", kind: "integer", help: "at most this many iterations" },
    { name: "until", kind: "reference", help: "ends the loop early when it is true" },
    { name: "args_template", kind: "code", help: "{iteration} counts from 1" },
    ...WORK_BEHAVIOUR,
  ],
  workflow: [
    { name: "template", kind: "text", help: "the child template: a library id or template_id" },
    { name: "version", kind: "text", help: "a pinned version; empty: the latest at run start" },
    { name: "inputs", kind: "inputs", help: "each child variable from the parent's references" },
    ...WORK_BEHAVIOUR,
  ],
};

/** Fields shown for every node after the type's own. */
export const COMMON_FIELDS: readonly FieldSpec[] = COMMON_TAIL;
