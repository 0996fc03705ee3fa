/**
 * What the playbook format cannot say about a template, so template → YAML → template is lossless:
 * - top-level `wf_template: { context_schema?, phases? }` — the variables the variables block cannot
 *   describe (descriptions, types), and the phase list when export declared `main` for tasks
 *   without a phase;
 * - per task `wf_absent: [fields]` — fields a playbook requires on every task (phase, capability,
 *   success) or import fills in (the capability's default executor) that the node did not have.
 * importWorkflow applies them after importPlaybook; a hand-written playbook has neither.
 */
import type { Template } from "@/lib/workflow/model/template-schema";
import { variablesToContextSchema } from "./playbook-variables";

export const TEMPLATE_EXTRAS_KEY = "wf_template";
export const ABSENT_KEY = "wf_absent";
/** Task fields import adds to a node when the playbook (necessarily) has them. */
const IMPLIED_FIELDS = ["phase", "capability", "success", "executor"] as const;

type Loose = Record<string, unknown>;

function isRecord(v: unknown): v is Loose {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * The top-level extension for `template`, only what the variables block and the phase list lose
 * (a template imported raw keeps the one it carries); undefined when nothing is lost.
 */
export function yamlTemplateExtras(template: Template, variables: Record<string, unknown>): Loose | undefined {
  const own = (template as Loose)[TEMPLATE_EXTRAS_KEY];
  if (own !== undefined) return isRecord(own) ? own : undefined;
  const derived = variablesToContextSchema(variables);
  const lost = Object.entries(template.context_schema).filter(
    ([name, v]) => JSON.stringify(v) !== JSON.stringify(derived[name]),
  );
  const extras: Loose = {};
  if (lost.length) extras.context_schema = Object.fromEntries(lost);
  // Export declares `main` for tasks without a phase.
  if (template.phases && template.nodes.some((n) => n.phase === undefined)) extras.phases = template.phases;
  // depends_on lists edges by target task: keep the template's own edge order (and any edge field
  // beyond from/to/label) when that differs.
  const byTask = new Map(template.nodes.map((n, i) => [n.id, i]));
  const reordered = template.edges
    .map((e, i) => ({ e, i }))
    .sort((a, b) => (byTask.get(a.e.to) ?? 0) - (byTask.get(b.e.to) ?? 0) || a.i - b.i);
  const edgeFields = template.edges.some((e) => Object.keys(e).some((k) => !["from", "to", "label"].includes(k)));
  if (edgeFields || reordered.some((x, i) => x.i !== i)) extras.edges = template.edges;
  return Object.keys(extras).length ? extras : undefined;
}

/** The node fields the exported task carries only because the format requires them. */
export function absentFields(node: Loose): string[] | undefined {
  const own = node[ABSENT_KEY];
  if (own !== undefined) return Array.isArray(own) ? own.filter((k): k is string => typeof k === "string") : undefined;
  const absent = IMPLIED_FIELDS.filter((k) => node[k] === undefined);
  return absent.length ? absent : undefined;
}

/** Undoes what the playbook format forced on the template (see the module comment). */
export function applyYamlTemplateExtras(template: Template): Template {
  const t = template as Template & Loose;
  if (t[TEMPLATE_EXTRAS_KEY] === undefined && !t.nodes.some((n) => (n as Loose)[ABSENT_KEY] !== undefined))
    return template;
  const out: Loose = { ...t };
  const extras = t[TEMPLATE_EXTRAS_KEY];
  delete out[TEMPLATE_EXTRAS_KEY];
  if (isRecord(extras)) {
    if (isRecord(extras.context_schema)) {
      // The variables block decides which variables exist; an edited default there wins.
      const declared = extras.context_schema as Template["context_schema"];
      out.context_schema = Object.fromEntries(
        Object.entries(t.context_schema).map(([name, v]) => {
          const d = declared[name];
          if (!d) return [name, v];
          return [name, yamlValue(d) === yamlValue(v) ? d : { ...d, required: v.required, default: v.default }];
        }),
      );
    }
    if (Array.isArray(extras.phases)) out.phases = extras.phases;
    if (Array.isArray(extras.edges) && sameEdgeSet(extras.edges, t.edges)) out.edges = extras.edges;
  }
  out.nodes = t.nodes.map((node) => {
    const n: Loose = { ...node };
    const absent = n[ABSENT_KEY];
    delete n[ABSENT_KEY];
    if (Array.isArray(absent)) for (const k of absent) if (typeof k === "string" && k !== "id") delete n[k];
    return n;
  });
  return out as Template;
}

/** The value the variables block holds for a variable ("" = required). */
function yamlValue(v: Template["context_schema"][string]): unknown {
  return v.required || v.default === undefined ? "" : JSON.stringify(v.default);
}

/** The same from→to pairs (a hand-edited depends_on makes the stored order stale). */
function sameEdgeSet(stored: unknown[], imported: Template["edges"]): boolean {
  const key = (e: unknown) => (isRecord(e) ? `${String(e.from)}\u0000${String(e.to)}` : "");
  const a = stored.map(key).sort();
  const b = imported.map(key).sort();
  return a.length === b.length && a.every((k, i) => k === b[i]);
}
