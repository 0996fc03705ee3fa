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
export function checkChildCalls(template: Template, source: ChildTemplateSource | undefined, from: { file?: string }) {
  if (!source || !template.nodes.some((n) => n.type === "workflow")) return [];
  const { diagnostics } = validateTemplate(template, { children: childLookup(source, from) });
  return diagnostics.filter((d) => d.severity === "error" && CALL_CODES.has(d.code));
}

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
): { template: Template; problems: Diagnostic[] } {
  if (!source || !template.nodes.some((n) => n.type === "workflow" && !pinnedChild(n)))
    return { template, problems: [] };
  const problems: Diagnostic[] = [];
  const nodes = template.nodes.map((n) => {
    if (n.type !== "workflow" || pinnedChild(n) || !n.template) return n;
    const version = n.version === "" ? undefined : n.version;
    let child: ChildTemplate | undefined;
    try {
      child = source.resolve(n.template, version, from);
    } catch (err) {
      problems.push(problem(n.id, `${RUN_CODES.RUN042(n.id, n.template, n.version)} (${String(err)})`));
      return n;
    }
    if (!child) {
      problems.push(problem(n.id, RUN_CODES.RUN042(n.id, n.template, n.version)));
      return n;
    }
    return { ...n, pinned_child: child } as WorkflowNode;
  });
  return { template: { ...template, nodes }, problems };
}

function problem(nodeId: string, message: string): Diagnostic {
  return { severity: "error", code: "RUN042", message, nodeId, field: "template" };
}
