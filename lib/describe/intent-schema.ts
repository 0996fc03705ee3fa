/**
 * The `intent` object (docs/describe.md, phase 1): what a description says, before
 * any executor is chosen. Produced by the rules parser or, when configured, an agent provider.
 */
import * as z from "zod";

export const TASK_TYPES = [
  "bugfix",
  "feature",
  "tdd",
  "review",
  "brainstorm",
  "spec-driven",
  "roadmap",
  "refactor",
  "integration-test",
  "greenfield",
  "quick-task",
  "custom",
] as const;
export const TaskTypeSchema = z.enum(TASK_TYPES);
export type TaskType = z.infer<typeof TaskTypeSchema>;

export const COMPLEXITIES = ["simple", "medium", "complex"] as const;
export const ComplexitySchema = z.enum(COMPLEXITIES);
export type Complexity = z.infer<typeof ComplexitySchema>;

export const TYPE_HINTS = [
  "analysis",
  "planning",
  "execution",
  "testing",
  "review",
  "checkpoint",
  "agent",
  "cli",
] as const;
export const TypeHintSchema = z.enum(TYPE_HINTS);
export type TypeHint = z.infer<typeof TypeHintSchema>;

export const IntentVariableSchema = z.object({
  type: z.enum(["string", "path", "boolean"]),
  required: z.boolean(),
  description: z.string(),
});
export type IntentVariable = z.infer<typeof IntentVariableSchema>;

export const IntentStepSchema = z.object({
  seq: z.number().int().min(1),
  description: z.string().min(1),
  type_hint: TypeHintSchema,
  /** seq of another step of the same parallel group (the intent's field); null when sequential. */
  parallel_with: z.number().int().min(1).nullable(),
  /** Names of the variables this step uses (keys of `intent.variables`). */
  variables: z.array(z.string()),
  /** Extension: the parallel group's name (`P1`, `P2`…) shared by every member. */
  parallel_group: z.string().nullable().optional(),
  /** Extension: a literal command line the user wrote in backticks (becomes a shell node). */
  command: z.string().optional(),
});
export type IntentStep = z.infer<typeof IntentStepSchema>;

export const IntentSchema = z.object({
  session_id: z.string(),
  raw_description: z.string(),
  task_type: TaskTypeSchema,
  complexity: ComplexitySchema,
  steps: z.array(IntentStepSchema).min(1),
  variables: z.record(z.string().regex(/^[A-Za-z_][\w-]*$/), IntentVariableSchema),
  created_at: z.string(),
});
export type Intent = z.infer<typeof IntentSchema>;
