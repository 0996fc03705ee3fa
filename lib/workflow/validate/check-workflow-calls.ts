/**
 * Workflow nodes against the templates they call (docs/model.md, "Sub-workflows"). Without a child
 * lookup only what the template itself shows is checked: a node calling its own template (WF109).
 * With one (`validateTemplate(t, { children })`): the child exists, at the pinned version (WF106);
 * every required child variable has an input (WF107); no input names a variable the child does not
 * declare (WF108); no chain of calls leads back to this template (WF109, naming the chain); the child
 * itself is valid (WF111, its first problem). With or without one, no input passes a secret (WF112). Each
 * template is looked up and validated once per validation, and the walk ends on cycles.
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { parseReferences } from "@/lib/workflow/model/references";
import type { Template } from "@/lib/workflow/model/template-schema";
import { wfIssue } from "@/lib/workflow/model/wf-issue-codes";
import { isRecord, nodePath, type Loose, type ModelView } from "./model-view";

/**
 * The template a workflow node names — `ref` is its `template` (a library id, a `template_id`, or for
 * the CLI a file path) and `version` its pinned version (absent: the latest) — or `undefined` when
 * there is none. Pure from the validator's point of view: the same question gets the same answer.
 */
export type ChildLookup = (ref: string, version?: string | number) => Template | undefined;

/** One validation's lookups and child verdicts, shared with the validations of its children. */
export interface CallContext {
  find: ChildLookup;
  /** The child's error diagnostics (validated once, with the same context). */
  errorsOf: (child: Template) => readonly Diagnostic[];
}

/** `validate` validates a child with the context it is given (validate-template.ts passes itself). */
export function createCallContext(
  lookup: ChildLookup,
  validate: (child: Template, context: CallContext) => readonly Diagnostic[],
): CallContext {
  const found = new Map<string, Template | undefined>();
  const verdicts = new Map<Template, readonly Diagnostic[]>();
  const context: CallContext = {
    find: (ref, version) => {
      const key = version === undefined ? ref : `${ref}\u0000${typeof version}\u0000${version}`;
      if (!found.has(key)) found.set(key, lookup(ref, version));
      return found.get(key);
    },
    errorsOf: (child) => {
      const known = verdicts.get(child);
      if (known) return known;
      // Asked again while it is being validated: no verdict yet (the cycle is reported on its own).
      verdicts.set(child, []);
      const errors = validate(child, context).filter((d) => d.severity === "error");
      verdicts.set(child, errors);
      return errors;
    },
  };
  return context;
}

interface WorkflowCall {
  ref: string;
  version: string | number | undefined;
}

/** What a node calls: a workflow node with a template; an empty version means the latest. */
function callOf(node: Loose): WorkflowCall | undefined {
  if (node.type !== "workflow" || typeof node.template !== "string" || node.template.trim() === "") return undefined;
  const v = node.version;
  if (v !== undefined && typeof v !== "string" && typeof v !== "number") return undefined;
  return { ref: node.template, version: v === "" ? undefined : v };
}

/**
 * The chain of template ids by which `from` calls (directly or not) the template `targetId` —
 * `[from, …, targetId]` — or undefined when none does. Every template is walked once, so the
 * search ends on cycles that do not reach the target.
 */
export function findCallChain(from: Template, targetId: string, find: ChildLookup): string[] | undefined {
  const seen = new Set<Template>();
  const walk = (t: Template): string[] | undefined => {
    if (seen.has(t)) return undefined;
    seen.add(t);
    for (const node of Array.isArray(t.nodes) ? t.nodes : []) {
      const call = isRecord(node) ? callOf(node) : undefined;
      const child = call && find(call.ref, call.version);
      if (!child) continue;
      if (child.template_id === targetId) return [t.template_id, child.template_id];
      const rest = walk(child);
      if (rest) return [t.template_id, ...rest];
    }
    return undefined;
  };
  return walk(from);
}

/** Required: `required` is not false and there is no default (docs/model.md, "Template fields"). */
function requiredVariables(child: Template): string[] {
  const schema = isRecord(child.context_schema) ? child.context_schema : {};
  return Object.entries(schema)
    .filter(([, v]) => isRecord(v) && v.required !== false && v.default === undefined)
    .map(([name]) => name);
}

/**
 * `[rootId, …, rootId]` when `child`, called by the template `rootId`, leads back to it; the child may be
 * that very template under another name (its library id).
 */
function chainBack(rootId: string, child: Template, find: ChildLookup): string[] | undefined {
  if (child.template_id === rootId) return [rootId, rootId];
  const rest = findCallChain(child, rootId, find);
  return rest && [rootId, ...rest];
}

export function checkWorkflowCalls(view: ModelView, template: unknown, context?: CallContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  const rootId = isRecord(template) && typeof template.template_id === "string" ? template.template_id : undefined;
  for (const node of view.nodes) {
    const call = callOf(node.data);
    if (!call) continue;
    const at = (field: string) => ({ nodeId: node.id, path: nodePath(node, field), field });
    const inputs = isRecord(node.data.inputs) ? node.data.inputs : {};
    for (const [name, text] of Object.entries(inputs)) {
      const secret = typeof text === "string" ? parseReferences(text).find((r) => r.kind === "secret") : undefined;
      if (secret) out.push(wfIssue("WF112", at(`inputs.${name}`), node.id, name, secret.name));
    }
    if (call.ref === rootId) {
      out.push(wfIssue("WF109", at("template"), node.id, [rootId, rootId]));
      continue;
    }
    if (!context) continue;
    const child = context.find(call.ref, call.version);
    if (!child) {
      // A pinned version of a template that exists: the version is what is wrong.
      const versionWrong = call.version !== undefined && context.find(call.ref) !== undefined;
      const version = versionWrong ? call.version : undefined;
      out.push(wfIssue("WF106", at(versionWrong ? "version" : "template"), node.id, call.ref, version));
      continue;
    }
    const missing = requiredVariables(child).filter((name) => !Object.hasOwn(inputs, name));
    if (missing.length) out.push(wfIssue("WF107", at("inputs"), node.id, call.ref, missing));
    const declared = isRecord(child.context_schema) ? child.context_schema : {};
    for (const name of Object.keys(inputs))
      if (!Object.hasOwn(declared, name)) out.push(wfIssue("WF108", at(`inputs.${name}`), node.id, name, call.ref));
    const chain = rootId === undefined ? undefined : chainBack(rootId, child, context.find);
    if (chain) {
      out.push(wfIssue("WF109", at("template"), node.id, chain));
      continue;
    }
    const errors = context.errorsOf(child);
    if (errors.length)
      out.push(
        wfIssue(
          "WF111",
          at("template"),
          node.id,
          call.ref,
          `${errors[0].code} ${errors[0].message}`,
          errors.length - 1,
        ),
      );
  }
  return out;
}
