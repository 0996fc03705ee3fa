/**
 * Where a workflow node's child template comes from, and its pinning: when a run starts, each workflow
 * node's child is resolved once (the pinned `version`, else the latest version then) and the child's whole
 * template is kept on the node in the run's stored copy (`pinned_child`), so a later save never changes a
 * running parent and a restart starts the same child (docs/engine.md, "Sub-workflows").
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import type { Template, WorkflowNode } from "@/lib/workflow/model/template-schema";
import { RUN_CODES } from "@/lib/workflow/run/run-codes";
import type { ChildLookup } from "@/lib/workflow/validate/check-workflow-calls";
import { validateTemplate } from "@/lib/workflow/validate/validate-template";

export interface ChildTemplate {
  template: Template;
  /** The library row (`tpl_…`) and version, when the child is in the library; null for a file. */
  templatePk: string | null;
  templateVersion: number | null;
  /** The file the child was read from (the CLI): its own workflow nodes resolve relative to it. */
  file?: string;
}

export interface ChildTemplateSource {
  /** The template a workflow node names (`template`), at `version` (latest when absent); undefined when none. */
  resolve(ref: string, version: string | number | undefined, from: { file?: string }): ChildTemplate | undefined;
}

/** The validator's view of a source (`validateTemplate(t, { children })`): a child that cannot be read is none. */
export function childLookup(source: ChildTemplateSource, from: { file?: string }): ChildLookup {
  return (ref, version) => {
    try {
      return source.resolve(ref, version === "" ? undefined : version, from)?.template;
    } catch {
      return undefined;
    }
  };
}

/** Codes of the checks across workflow calls that only a lookup can make (the pinning itself reports RUN042). */
const CALL_CODES = new Set(["WF107", "WF109", "WF111"]);

/** Errors of the calls a template makes (required inputs, cycles, invalid children), at run start. */
export function checkChildCalls(
  template: Template,
  source: ChildTemplateSource | undefined,
  from: { file?: string },
): Diagnostic[] {
  if (!source || !template.nodes.some((n) => n.type === "workflow")) return [];
  const known = callChecks.get(template);
  if (known) return known;
  const { diagnostics } = validateTemplate(template, { children: childLookup(source, from) });
  const errors = diagnostics.filter((d) => d.severity === "error" && CALL_CODES.has(d.code));
  callChecks.set(template, errors);
  return errors;
}

/** Kept per pinned template (one object per template and children): a child's own children may change meanwhile, which their own pinning checks. */
const callChecks = new WeakMap<Template, Diagnostic[]>();

type WorkflowCall = Extract<WorkflowNode, { type: "workflow" }> & { pinned_child?: ChildTemplate };

/** The child pinned into the run's copy of a workflow node, if any. */
export function pinnedChild(node: WorkflowNode | undefined): ChildTemplate | undefined {
  return node?.type === "workflow" ? (node as WorkflowCall).pinned_child : undefined;
}

/**
 * The template with every workflow node's child pinned (the same object when it has none); RUN042 for a
 * child that cannot be found. Without a source, nodes stay unpinned and fail when they start.
 */
export function pinChildTemplates(
  template: Template,
  source: ChildTemplateSource | undefined,
  from: { file?: string },
): PinnedTemplate {
  if (!source || !template.nodes.some((n) => n.type === "workflow" && !pinnedChild(n)))
    return { template, problems: [] };
  const problems: Diagnostic[] = [];
  const found = new Map<string, ChildTemplate>();
  for (const n of template.nodes) {
    if (n.type !== "workflow" || pinnedChild(n) || !n.template) continue;
    const version = n.version === "" ? undefined : n.version;
    try {
      const child = source.resolve(n.template, version, from);
      if (child) found.set(n.id, child);
      else problems.push(problem(n.id, RUN_CODES.RUN042(n.id, n.template, n.version)));
    } catch (err) {
      problems.push(problem(n.id, `${RUN_CODES.RUN042(n.id, n.template, n.version)} (${String(err)})`));
    }
  }
  // The same template with the same children (the library hands out one object per version) is pinned once:
  // its validation, plan and call checks are then kept with that object (prepare-run.ts), as for any template.
  const known = pinned.get(template);
  if (!problems.length && known && sameChildren(known.children, found)) return known.result;
  const nodes = template.nodes.map((n) =>
    found.has(n.id) ? ({ ...n, pinned_child: found.get(n.id) } as WorkflowNode) : n,
  );
  const result = { template: { ...template, nodes }, problems };
  if (!problems.length) pinned.set(template, { children: found, result });
  return result;
}

interface PinnedTemplate {
  template: Template;
  problems: Diagnostic[];
}

const pinned = new WeakMap<Template, { children: Map<string, ChildTemplate>; result: PinnedTemplate }>();

function sameChildren(a: Map<string, ChildTemplate>, b: Map<string, ChildTemplate>): boolean {
  if (a.size !== b.size) return false;
  for (const [id, c] of a) {
    const d = b.get(id);
    if (!d || d.template !== c.template || d.templatePk !== c.templatePk || d.templateVersion !== c.templateVersion)
      return false;
  }
  return true;
}

function problem(nodeId: string, message: string): Diagnostic {
  return { severity: "error", code: "RUN042", message, nodeId, field: "template" };
}
