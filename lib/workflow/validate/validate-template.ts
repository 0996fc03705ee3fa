/**
 * validateTemplate(input) → { ok, mode, diagnostics }: every rule of docs/model.md ("Validation"),
 * all problems at once, never throws. When the schema rejects the input, the graph
 * rules still run on whatever is usable (nodes with string ids, edges with string ends).
 */
import { checkFallbacks } from "./check-fallbacks";
import { checkGraphStructure } from "./check-graph-structure";
import { checkGroups } from "./check-groups";
import { checkNodeContents } from "./check-node-contents";
import { checkReferences } from "./check-references";
import { checkRouting } from "./check-routing";
import { checkShellCommands } from "./check-shell-commands";
import { checkVariableNames } from "./check-variable-names";
import { checkUnknownFields } from "./check-unknown-fields";
import { checkAliasConflicts } from "./check-alias-conflicts";
import { checkProviderReadiness } from "./nodes-needing-provider";
import { checkWorkflowCalls, createCallContext, type CallContext, type ChildLookup } from "./check-workflow-calls";
import { hasErrors, type Diagnostic } from "@/lib/workflow/model/diagnostic";
import { buildModelView, type ModelView } from "./model-view";
import { normalizeTemplate } from "@/lib/workflow/model/normalize-template";
import { schemaIssuesToDiagnostics } from "@/lib/workflow/model/parse-template";
import type { z } from "zod";
import { TemplateSchema, type Template } from "@/lib/workflow/model/template-schema";
import { finish, type Sliced } from "@/lib/workflow/slices/sliced";

/** `simple`: at most 15 nodes and no gate or loop (docs/model.md); else `advanced`. */
export type DdeMode = "simple" | "advanced";

export const SIMPLE_MODE_MAX_NODES = 15;

export interface ValidationResult {
  /** No diagnostic of severity `error`. */
  ok: boolean;
  mode: DdeMode;
  diagnostics: Diagnostic[];
  /** The parsed template when the schema accepted it. */
  template?: Template;
}

/** The mode (simple or advanced) of a template (or of whatever nodes are usable). */
export function ddeMode(view: Pick<ModelView, "nodes">): DdeMode {
  const advanced =
    view.nodes.length > SIMPLE_MODE_MAX_NODES || view.nodes.some((n) => n.type === "gate" || n.type === "loop");
  return advanced ? "advanced" : "simple";
}

/** Each rule returns its diagnostics, or works in slices (those whose work grows with the template). */
const RULES: ((view: ModelView, template: unknown) => Diagnostic[] | Sliced<Diagnostic[]>)[] = [
  checkGraphStructure,
  checkRouting,
  checkFallbacks,
  checkNodeContents,
  checkReferences,
  checkGroups,
  checkShellCommands,
  checkVariableNames,
  checkUnknownFields,
];

/**
 * A schema error (WF001) on a field that a rule explains better (e.g. a loop's `max_iter` over the
 * limit, WF026) is left out: one problem, one diagnostic.
 */
function withoutRepeatedSchemaErrors(schema: Diagnostic[], rules: Diagnostic[]): Diagnostic[] {
  if (!schema.length) return rules;
  const explained = new Set(rules.filter((d) => d.severity === "error" && d.path).map((d) => d.path));
  return [...schema.filter((d) => !d.path || !explained.has(d.path)), ...rules];
}

export interface ValidateOptions {
  /** Whether an agent provider is ready; given → a node that needs one when none is warns (WF110). */
  providersReady?: boolean;
  /** Executor-catalog entries whose recipe asks an agent: skill nodes naming one need a provider too. */
  agentSkills?: ReadonlySet<string>;
  /**
   * Finds the template a workflow node calls (the server: the library; the CLI: also files). Given → the
   * children are checked too: exist, get their required inputs, call no chain back, are valid (WF106–WF111); inputs pass no secret (WF112).
   */
  children?: ChildLookup;
}

/** Validates unknown input as a template; see the file header. */
export function validateTemplate(input: unknown, o: ValidateOptions = {}): ValidationResult {
  return finish(validateWith(input, o, callContext(o)));
}

/** What checks the children a workflow node calls, when a lookup is given (each child validated in turn). */
function callContext(o: ValidateOptions): CallContext | undefined {
  const lookup = o.children;
  return (
    lookup &&
    createCallContext(
      lookup,
      (child, context) => finish(validateWith(child, { children: lookup }, context)).diagnostics,
    )
  );
}

/**
 * Like `validateTemplate`, for a template the schema has accepted already (`parseTemplate`'s): its schema
 * is not checked again — the run's start of a 100,000-node template spent most of its validation there.
 */
export function validateParsedTemplate(template: Template, o: ValidateOptions = {}): ValidationResult {
  return finish(validateParsedTemplateInSlices(template, o));
}

/** `validateParsedTemplate` in slices (the start of a large run: see `sliced.ts`). */
export function* validateParsedTemplateInSlices(template: Template, o: ValidateOptions = {}): Sliced<ValidationResult> {
  return yield* validateWith(template, o, callContext(o), { success: true, data: template });
}

type SchemaResult = { success: true; data: Template } | { success: false; error: { issues: z.core.$ZodIssue[] } };

function* validateWith(
  input: unknown,
  o: ValidateOptions,
  calls: CallContext | undefined,
  known?: SchemaResult,
): Sliced<ValidationResult> {
  const normalized = known ? input : normalizeTemplate(input);
  const parsed: SchemaResult = known ?? TemplateSchema.safeParse(normalized);
  const schema = parsed.success ? [] : schemaIssuesToDiagnostics(normalized, parsed.error.issues);
  const subject: unknown = parsed.success ? parsed.data : normalized;
  const view = yield* buildModelView(subject);
  const found: Diagnostic[] = yield* checkAliasConflicts(input);
  for (const rule of RULES) {
    yield;
    const done = rule(view, subject);
    found.push(...(Array.isArray(done) ? done : yield* done));
  }
  found.push(...checkWorkflowCalls(view, subject, calls));
  const diagnostics = withoutRepeatedSchemaErrors(schema, found);
  if (parsed.success && o.providersReady !== undefined)
    diagnostics.push(...checkProviderReadiness(parsed.data, o.providersReady, o.agentSkills));
  return {
    ok: !hasErrors(diagnostics),
    mode: ddeMode(view),
    diagnostics,
    ...(parsed.success ? { template: parsed.data } : {}),
  };
}
