/**
 * The workflow template: one zod schema, the single source of truth for every surface
 * (validation, formats, engine, editor, API, generated JSON Schema).
 * The fields and what they mean: docs/model.md.
 * Objects are loose: unknown fields (e.g. another tool's `cli_tool`) survive a round-trip.
 * Written with `zod/mini` (functions instead of methods; the same checks, messages and JSON Schema): a `wf`
 * command builds and first runs these schemas on every start, and mini's cost about 20 ms less (measured).
 */
import * as z from "zod/mini";
import { FIELD_BOUNDS, overBound } from "./field-bounds";

/**
 * Fields that read alike share one schema instance (a schema is immutable): a third fewer instances to
 * build, which every `wf` start does.
 */
const optionalText = z.optional(z.string());
const optionalFlag = z.optional(z.boolean());
const optionalTexts = z.optional(z.array(z.string()));
const nonEmptyText = z.string().check(z.minLength(1));
const count = z.number().check(z.int(), z.minimum(0));
const B = FIELD_BOUNDS;
/** Seconds, more than 0 and at most the node timeout bound (365 days). */
const timeoutSeconds = z
  .number()
  .check(z.positive(), z.maximum(B.timeoutS.max, overBound(B.timeoutS.max, "seconds", B.timeoutS.text)));
const retryCount = z
  .number()
  .check(z.int(), z.minimum(0), z.maximum(B.retries.max, overBound(B.retries.max, "retries", B.retries.text)));

export const NODE_TYPES = [
  "shell",
  "agent",
  "skill",
  "http",
  "human",
  "checkpoint",
  "gate",
  "loop",
  "workflow",
] as const;
export const NodeTypeSchema = z.enum(NODE_TYPES);
export type NodeType = z.infer<typeof NodeTypeSchema>;

export const TIERS = ["ro", "rw", "rwx", "git"] as const;
export const TierSchema = z.enum(TIERS);
export type Tier = z.infer<typeof TierSchema>;

/** `abort` (= a playbook's `stop`) | `skip` | `retry` | `fallback:<node id>`. */
export const OnFailSchema = z.union([
  z.enum(["abort", "skip", "retry"]),
  z.string().check(z.regex(/^fallback:\S+$/, "expected abort, skip, retry or fallback:<node id>")),
]);

export const RetriesSchema = z.union([
  retryCount,
  z.looseObject({
    max: retryCount,
    backoff_ms: z.optional(
      count.check(z.maximum(B.backoffMs.max, overBound(B.backoffMs.max, "milliseconds", B.backoffMs.text))),
    ),
  }),
]);

/** What to do when a check fails; for pre/postconditions (docs/model.md, "Checks"). */
export const CheckOnFailureSchema = z.enum(["fail", "warn", "skip", "ask"]);

/** How long one check may take (a command, an agent's verdict); the default is 600 seconds. */
const checkTimeout = z.optional(
  z
    .number()
    .check(
      z.positive(),
      z.maximum(B.checkTimeoutS.max, overBound(B.checkTimeoutS.max, "seconds", B.checkTimeoutS.text)),
    ),
);
const checkBase = { on_failure: z.optional(CheckOnFailureSchema), description: optionalText, timeout_s: checkTimeout };
/** Success checks; the required field per type is playbook rule 11 (docs/model.md, "Checks"). */
export const CheckSchema = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("file_exists"), path: nonEmptyText, ...checkBase }),
  z.looseObject({
    type: z.literal("file_contains"),
    path: nonEmptyText,
    pattern: nonEmptyText,
    ...checkBase,
  }),
  z.looseObject({
    type: z.literal("command"),
    run: nonEmptyText,
    expect_exit: z.optional(z.number().check(z.int())),
    expect_output: optionalText,
    ...checkBase,
  }),
  z.looseObject({ type: z.literal("human"), prompt: nonEmptyText, ...checkBase }),
  z.looseObject({
    type: z.literal("agent_confirms"),
    on_failure: z.optional(CheckOnFailureSchema),
    description: nonEmptyText,
    timeout_s: checkTimeout,
  }),
]);
export type Check = z.infer<typeof CheckSchema>;
export const CHECK_TYPES = ["file_exists", "file_contains", "command", "human", "agent_confirms"] as const;

export const PositionSchema = z.object({ x: z.number(), y: z.number() });

/** Fields every node may carry. */
const nodeBase = {
  id: nonEmptyText,
  name: z.string(),
  description: optionalText,
  executor: optionalText,
  args_template: optionalText,
  input_ports: optionalTexts,
  output_ports: optionalTexts,
  parallel_group: z.optional(z.nullable(z.string())),
  on_fail: z.optional(OnFailSchema),
  retries: z.optional(RetriesSchema),
  /** Seconds an attempt may run; on a node that waits for a person (human, pausing checkpoint, gate), how long the wait may last. */
  timeout_s: z.optional(timeoutSeconds),
  tier: z.optional(TierSchema),
  forbids_files: optionalTexts,
  /** false: the node's processes (command, checks, agent CLI) run without a network. */
  network: optionalFlag,
  phase: optionalText,
  /** Postconditions: checked after the node's work; a failure applies `on_fail`. */
  checks: z.optional(z.array(CheckSchema)),
  /** Preconditions: checked before the node starts (docs/engine.md, "Pre- and postconditions"). */
  preconditions: z.optional(z.array(CheckSchema)),
  /** Output = this workspace-relative file's content instead of trimmed stdout. */
  output_file: optionalText,
  /** A user breakpoint: checkpoint injection pauses before this node. */
  breakpoint: optionalFlag,
  position: z.optional(PositionSchema),
  // Approvals this node opens (a human task or check, a pausing checkpoint, a gate asking for a branch):
  /** Distinct people who must approve before the node continues (default 1); one reject rejects. */
  approvals_required: z.optional(z.number().check(z.int(), z.minimum(1))),
  /**
   * The timeout of the approval a human check opens on a node that does its own work. On a node that waits
   * for a person it is an alias of `timeout_s` (read as `timeout_s`; exports write `timeout_s`).
   */
  approval_timeout_s: z.optional(timeoutSeconds),
  /** `fail` (default): the node fails and its `on_fail` applies; `continue`: as if approved (a gate takes `else`). */
  on_timeout: z.optional(z.enum(["continue", "fail"])),
  /** true: whoever started the run may not decide its approvals (default false). */
  forbid_self_approval: optionalFlag,
  /** The old name: `allow_self_approval: false` = `forbid_self_approval: true` (read as that; exports write that). */
  allow_self_approval: optionalFlag,
};

export const ShellNodeSchema = z.looseObject({ ...nodeBase, type: z.literal("shell") });
export const AgentNodeSchema = z.looseObject({
  ...nodeBase,
  type: z.literal("agent"),
  /** Name of a configured agent provider; default provider when absent. */
  provider: optionalText,
  run_in_background: optionalFlag,
  long_running: optionalFlag,
});
export const SkillNodeSchema = z.looseObject({ ...nodeBase, type: z.literal("skill") });
export const HttpNodeSchema = z.looseObject({
  ...nodeBase,
  type: z.literal("http"),
  method: optionalText,
  url: optionalText,
  headers: z.optional(z.record(z.string(), z.string())),
  body: optionalText,
});
export const HumanNodeSchema = z.looseObject({
  ...nodeBase,
  type: z.literal("human"),
  prompt: optionalText,
  /** Choices offered to the person; free-text answer when absent. */
  options: optionalTexts,
});
export const CheckpointNodeSchema = z.looseObject({
  ...nodeBase,
  type: z.literal("checkpoint"),
  auto_continue: optionalFlag,
  save_fields: optionalTexts,
  /** Set by injectCheckpoints: only injected checkpoints are ever replaced by it. */
  injected: optionalFlag,
  /** Which injection rule placed it (report + idempotence). */
  injected_rule: optionalText,
});
export const GateNodeSchema = z.looseObject({
  ...nodeBase,
  type: z.literal("gate"),
  /** A template (`{env}`, `{N-002.output}`) whose value is matched against outgoing edge labels. */
  condition: optionalText,
  /** A safe expression (CEL) over `vars` and node outputs, evaluated instead of `condition`. */
  expression: optionalText,
});
export const LoopNodeSchema = z.looseObject({
  ...nodeBase,
  type: z.literal("loop"),
  max_iter: z
    .number()
    .check(
      z.int(),
      z.minimum(B.maxIter.min, `must be at least ${B.maxIter.min}`),
      z.maximum(B.maxIter.max, overBound(B.maxIter.max, "iterations", B.maxIter.text)),
    ),
  /** Ends the loop early when it evaluates to `true` (expression or template). */
  until: optionalText,
});

/** A sub-workflow: runs another saved template as a child run and waits for it (docs/model.md, "workflow"). */
export const WorkflowCallNodeSchema = z.looseObject({
  ...nodeBase,
  type: z.literal("workflow"),
  /** The child: a library id (`tpl_…`) or a `template_id`; in the CLI also a file path relative to the parent's file. */
  template: optionalText,
  /** A pinned version; absent: the latest version at run start is pinned into the run. */
  version: z.optional(z.union([z.string(), z.number()])),
  /** Child variable → a template over the parent's references (`{env}`, `{N-002.output}`). */
  inputs: z.optional(z.record(z.string(), z.string())),
});

export const NodeSchema = z.discriminatedUnion("type", [
  ShellNodeSchema,
  AgentNodeSchema,
  SkillNodeSchema,
  HttpNodeSchema,
  HumanNodeSchema,
  CheckpointNodeSchema,
  GateNodeSchema,
  LoopNodeSchema,
  WorkflowCallNodeSchema,
]);
export type WorkflowNode = z.infer<typeof NodeSchema>;
export type NodeOfType<T extends NodeType> = Extract<WorkflowNode, { type: T }>;

export const EdgeSchema = z.looseObject({
  from: nonEmptyText,
  to: nonEmptyText,
  /** Branch value for edges out of a gate (`else` catches the rest); free text elsewhere. */
  label: optionalText,
});
export type Edge = z.infer<typeof EdgeSchema>;

export const VARIABLE_TYPES = ["string", "path", "boolean", "number"] as const;
export const VariableSchema = z.looseObject({
  type: z._default(z.enum(VARIABLE_TYPES), "string"),
  required: z._default(z.boolean(), true),
  description: optionalText,
  default: z.optional(z.union([z.string(), z.number(), z.boolean()])),
});
export type Variable = z.infer<typeof VariableSchema>;

export const PhaseSchema = z.looseObject({
  name: nonEmptyText,
  description: optionalText,
});
export const AtomicGroupSchema = z.looseObject({
  name: z.string(),
  nodes: z.array(z.string()),
  description: optionalText,
});

export const EXECUTION_MODES = ["serial", "parallel"] as const;

export const TemplateSchema = z.looseObject({
  template_id: nonEmptyText,
  name: nonEmptyText,
  description: z._default(z.string(), ""),
  /** Usually written "1.0"; a number is accepted and kept as written. */
  version: z._default(z.union([z.string(), z.number()]), "1.0"),
  created_at: optionalText,
  source_session: optionalText,
  tags: z._default(z.array(z.string()), []),
  context_schema: z._default(z.record(z.string(), VariableSchema), {}),
  phases: z.optional(z.array(PhaseSchema)),
  nodes: z.array(NodeSchema),
  edges: z._default(z.array(EdgeSchema), []),
  checkpoints: z._default(z.array(z.string()), []),
  atomic_groups: z._default(z.array(AtomicGroupSchema), []),
  /** `parallel` when absent: independent ready nodes run concurrently. */
  execution_mode: z._default(z.enum(EXECUTION_MODES), "parallel"),
  metadata: z._default(z.record(z.string(), z.unknown()), {}),
  /**
   * What a finished run hands back (a caller's workflow node reads them): name → a template over the run's
   * references, evaluated when the run succeeds. Absent: `{ output: <the last finished node's output> }`.
   */
  outputs: z.optional(z.record(z.string(), z.string())),
});
export type Template = z.infer<typeof TemplateSchema>;
/** What a user may write: defaults not yet applied. */
export type TemplateInput = z.input<typeof TemplateSchema>;
