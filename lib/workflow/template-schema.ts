/**
 * The workflow template: one zod schema, the single source of truth for every surface
 * (validation, formats, engine, editor, API, generated JSON Schema).
 * Follows wf-composer.txt's template schema plus DESIGN.md §2's compatible extensions.
 * Objects are loose: unknown fields (e.g. the seed's `cli_tool`) survive a round-trip.
 */
import * as z from "zod";

export const NODE_TYPES = ["shell", "agent", "skill", "http", "human", "checkpoint", "gate", "loop"] as const;
export const NodeTypeSchema = z.enum(NODE_TYPES);
export type NodeType = z.infer<typeof NodeTypeSchema>;

export const TIERS = ["ro", "rw", "rwx", "git"] as const;
export const TierSchema = z.enum(TIERS);
export type Tier = z.infer<typeof TierSchema>;

/** `abort` (= the seed's `stop`) | `skip` | `retry` | `fallback:<node id>`. */
export const OnFailSchema = z.union([
  z.enum(["abort", "skip", "retry"]),
  z.string().regex(/^fallback:\S+$/, "expected abort, skip, retry or fallback:<node id>"),
]);
export type OnFail = z.infer<typeof OnFailSchema>;

export const RetriesSchema = z.union([
  z.number().int().min(0),
  z.looseObject({ max: z.number().int().min(0), backoff_ms: z.number().int().min(0).optional() }),
]);
export type Retries = z.infer<typeof RetriesSchema>;

/** What to do when a check fails; for pre/postconditions (phase-interpreter `_on_failure`). */
export const CheckOnFailureSchema = z.enum(["fail", "warn", "skip", "ask"]);

const checkBase = { on_failure: CheckOnFailureSchema.optional(), description: z.string().optional() };
/** Success checks (playbook-execute Step 4e); the required field per type is the seed's rule 11. */
export const CheckSchema = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("file_exists"), path: z.string().min(1), ...checkBase }),
  z.looseObject({
    type: z.literal("file_contains"),
    path: z.string().min(1),
    pattern: z.string().min(1),
    ...checkBase,
  }),
  z.looseObject({
    type: z.literal("command"),
    run: z.string().min(1),
    expect_exit: z.number().int().optional(),
    expect_output: z.string().optional(),
    ...checkBase,
  }),
  z.looseObject({ type: z.literal("human"), prompt: z.string().min(1), ...checkBase }),
  z.looseObject({
    type: z.literal("agent_confirms"),
    on_failure: CheckOnFailureSchema.optional(),
    description: z.string().min(1),
  }),
]);
export type Check = z.infer<typeof CheckSchema>;
export const CHECK_TYPES = ["file_exists", "file_contains", "command", "human", "agent_confirms"] as const;

export const PositionSchema = z.object({ x: z.number(), y: z.number() });

/** Fields every node may carry. */
const nodeBase = {
  id: z.string().min(1),
  name: z.string(),
  description: z.string().optional(),
  executor: z.string().optional(),
  args_template: z.string().optional(),
  input_ports: z.array(z.string()).optional(),
  output_ports: z.array(z.string()).optional(),
  parallel_group: z.string().nullable().optional(),
  on_fail: OnFailSchema.optional(),
  retries: RetriesSchema.optional(),
  timeout_s: z.number().positive().optional(),
  tier: TierSchema.optional(),
  forbids_files: z.array(z.string()).optional(),
  phase: z.string().optional(),
  /** Postconditions: checked after the node's work; a failure applies `on_fail`. */
  checks: z.array(CheckSchema).optional(),
  /** Preconditions: checked before the node starts (phase-interpreter entry gate). */
  preconditions: z.array(CheckSchema).optional(),
  /** Output = this workspace-relative file's content instead of trimmed stdout. */
  output_file: z.string().optional(),
  /** A user breakpoint: checkpoint injection pauses before this node. */
  breakpoint: z.boolean().optional(),
  position: PositionSchema.optional(),
  // Approvals this node opens (a human task or check, a pausing checkpoint, a gate asking for a branch):
  /** Distinct people who must approve before the node continues (default 1); one reject rejects. */
  approvals_required: z.number().int().min(1).optional(),
  /** An open approval times out after this many seconds; `on_timeout` says what happens then. */
  approval_timeout_s: z.number().positive().optional(),
  /** `fail` (default): the node fails and its `on_fail` applies; `continue`: as if approved (a gate takes `else`). */
  on_timeout: z.enum(["continue", "fail"]).optional(),
  /** false: whoever started the run may not decide its approvals. */
  allow_self_approval: z.boolean().optional(),
};

export const ShellNodeSchema = z.looseObject({ ...nodeBase, type: z.literal("shell") });
export const AgentNodeSchema = z.looseObject({
  ...nodeBase,
  type: z.literal("agent"),
  /** Name of a configured agent provider; default provider when absent. */
  provider: z.string().optional(),
  run_in_background: z.boolean().optional(),
  long_running: z.boolean().optional(),
});
export const SkillNodeSchema = z.looseObject({ ...nodeBase, type: z.literal("skill") });
export const HttpNodeSchema = z.looseObject({
  ...nodeBase,
  type: z.literal("http"),
  method: z.string().optional(),
  url: z.string().optional(),
  headers: z.record(z.string(), z.string()).optional(),
  body: z.string().optional(),
});
export const HumanNodeSchema = z.looseObject({
  ...nodeBase,
  type: z.literal("human"),
  prompt: z.string().optional(),
  /** Choices offered to the person; free-text answer when absent. */
  options: z.array(z.string()).optional(),
});
export const CheckpointNodeSchema = z.looseObject({
  ...nodeBase,
  type: z.literal("checkpoint"),
  auto_continue: z.boolean().optional(),
  save_fields: z.array(z.string()).optional(),
  /** Set by injectCheckpoints: only injected checkpoints are ever replaced by it. */
  injected: z.boolean().optional(),
  /** Which injection rule placed it (report + idempotence). */
  injected_rule: z.string().optional(),
});
export const GateNodeSchema = z.looseObject({
  ...nodeBase,
  type: z.literal("gate"),
  /** A template (`{env}`, `{N-002.output}`) whose value is matched against outgoing edge labels. */
  condition: z.string().optional(),
  /** A safe expression (CEL) over `vars` and node outputs, evaluated instead of `condition`. */
  expression: z.string().optional(),
});
export const LoopNodeSchema = z.looseObject({
  ...nodeBase,
  type: z.literal("loop"),
  max_iter: z.number().int(),
  /** Ends the loop early when it evaluates to `true` (expression or template). */
  until: z.string().optional(),
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
]);
export type WorkflowNode = z.infer<typeof NodeSchema>;
export type NodeOfType<T extends NodeType> = Extract<WorkflowNode, { type: T }>;

export const EdgeSchema = z.looseObject({
  from: z.string().min(1),
  to: z.string().min(1),
  /** Branch value for edges out of a gate (`else` catches the rest); free text elsewhere. */
  label: z.string().optional(),
});
export type Edge = z.infer<typeof EdgeSchema>;

export const VARIABLE_TYPES = ["string", "path", "boolean", "number"] as const;
export const VariableSchema = z.looseObject({
  type: z.enum(VARIABLE_TYPES).default("string"),
  required: z.boolean().default(true),
  description: z.string().optional(),
  default: z.union([z.string(), z.number(), z.boolean()]).optional(),
});
export type Variable = z.infer<typeof VariableSchema>;

export const PhaseSchema = z.looseObject({ name: z.string().min(1), description: z.string().optional() });
export const AtomicGroupSchema = z.looseObject({
  name: z.string(),
  nodes: z.array(z.string()),
  description: z.string().optional(),
});

export const EXECUTION_MODES = ["serial", "parallel"] as const;

export const TemplateSchema = z.looseObject({
  template_id: z.string().min(1),
  name: z.string().min(1),
  description: z.string().default(""),
  /** The seed writes "1.0"; a number is accepted and kept as written. */
  version: z.union([z.string(), z.number()]).default("1.0"),
  created_at: z.string().optional(),
  source_session: z.string().optional(),
  tags: z.array(z.string()).default([]),
  context_schema: z.record(z.string(), VariableSchema).default({}),
  phases: z.array(PhaseSchema).optional(),
  nodes: z.array(NodeSchema),
  edges: z.array(EdgeSchema).default([]),
  checkpoints: z.array(z.string()).default([]),
  atomic_groups: z.array(AtomicGroupSchema).default([]),
  /** `parallel` when absent: independent ready nodes run concurrently. */
  execution_mode: z.enum(EXECUTION_MODES).default("parallel"),
  metadata: z.record(z.string(), z.unknown()).default({}),
});
export type Template = z.infer<typeof TemplateSchema>;
/** What a user may write: defaults not yet applied. */
export type TemplateInput = z.input<typeof TemplateSchema>;
