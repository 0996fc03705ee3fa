/**
 * The executor catalog: a config file mapping names (plan, analyze, implement, test, …) to a
 * recipe — a shell command, an agent prompt (+ provider) or an HTTP request. Describe resolves
 * steps against it; the engine runs a `skill` node by looking up its `executor` here.
 * Recipe templates may use `{args}` (the node's substituted `args_template`) and every runtime
 * reference (`{goal}`, `{prev_output}`, `{N-001.output}` …).
 */
import * as z from "zod";
import { TierSchema, VariableSchema } from "@/lib/workflow/model/template-schema";
import { TypeHintSchema } from "./intent-schema";

export const ShellRecipeSchema = z.looseObject({ kind: z.literal("shell"), command: z.string().min(1) });
export const AgentRecipeSchema = z.looseObject({
  kind: z.literal("agent"),
  prompt: z.string().min(1),
  /** A configured agent provider's name; the default provider when absent. */
  provider: z.string().optional(),
  system: z.string().optional(),
});
export const HttpRecipeSchema = z.looseObject({
  kind: z.literal("http"),
  method: z.string().default("POST"),
  url: z.string().min(1),
  headers: z.record(z.string(), z.string()).optional(),
  body: z.string().optional(),
});
export const RecipeSchema = z.discriminatedUnion("kind", [ShellRecipeSchema, AgentRecipeSchema, HttpRecipeSchema]);
export type Recipe = z.infer<typeof RecipeSchema>;

export const CatalogEntrySchema = z.looseObject({
  description: z.string().optional(),
  recipe: RecipeSchema,
  /** How describe picks this entry for a step: its type hints and words in the step's text. */
  match: z
    .object({
      type_hints: z.array(TypeHintSchema).default([]),
      keywords: z.array(z.string().min(1)).default([]),
    })
    .default({ type_hints: [], keywords: [] }),
  /**
   * How describe emits a step resolved to this entry: `skill` (default) — a skill node naming the
   * entry, run through the catalog; `inline` — the recipe itself as a shell / agent / http node.
   */
  emit: z.enum(["skill", "inline"]).optional(),
  /** Used for a step no entry matches (the first such entry wins). */
  fallback: z.boolean().optional(),
  input_ports: z.array(z.string()).optional(),
  output_ports: z.array(z.string()).optional(),
  /** Produces a persistent artifact (plan, spec, analysis, report): checkpoint injection saves it. */
  artifact: z.boolean().optional(),
  /** Long-running work: checkpoint injection pauses before it. */
  long_running: z.boolean().optional(),
  phase: z.string().optional(),
  tier: z.optional(TierSchema),
  timeout_s: z.number().positive().optional(),
  /** Inputs the recipe itself references (e.g. `{webhook_url}`), added to the template's context_schema. */
  variables: z.record(z.string(), VariableSchema).optional(),
});
export type CatalogEntry = z.infer<typeof CatalogEntrySchema>;

export const ENTRY_NAME = /^[a-z][a-z0-9:_-]*$/;

export const ExecutorCatalogSchema = z.object({
  version: z.literal(1).default(1),
  /** In a user catalog: true drops the shipped entries instead of merging over them. */
  replace_defaults: z.boolean().optional(),
  entries: z.record(
    z.string().regex(ENTRY_NAME, "entry names are lower-case: plan, code-review, ns:name"),
    CatalogEntrySchema,
  ),
});
export type ExecutorCatalog = z.infer<typeof ExecutorCatalogSchema>;
