/**
 * Fields nobody reads (docs/model.md: no safety setting is dropped in silence). Templates are loose objects,
 * so an unknown field survives every round trip — and a misspelt `forbid_self_aproval` would do nothing
 * without a word. A node field that no reader knows is WF096 (with the nearest known name), one that
 * belongs to another node type is WF097, an unknown template field WF099. Known extensions stay quiet:
 * the CLI node fields `cli_tool` / `cli_mode` / `cli_rule`, an agent's `prompt`, the editor's `position`, a JSON
 * editor's `$schema`; `metadata`, `context_schema` entries and checks are not looked into.
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { NodeSchema, TemplateSchema } from "@/lib/workflow/model/template-schema";
import { wfIssue } from "@/lib/workflow/model/wf-issue-codes";
import { isRecord, nodePath, type ModelView } from "./model-view";
import { nearestName } from "./nearest-name";
import { endsSlice, type Sliced } from "@/lib/workflow/slices/sliced";

/** Fields that formats, playbooks and editors write on top of the schema, per node type (`*`: any). */
const NODE_EXTENSIONS: Record<string, readonly string[]> = {
  // The CLI node fields; what checkpoint injection reads on any node; describe's artifact mark;
  // a Mermaid `<step tools>`; a playbook task's capability and success text.
  "*": [
    "cli_tool",
    "cli_mode",
    "cli_rule",
    "run_in_background",
    "long_running",
    "artifact",
    "tools",
    "capability",
    "success",
  ],
  agent: ["prompt"],
};
const TEMPLATE_EXTENSIONS = ["$schema"];

let known: { byType: Map<string, Set<string>>; all: Set<string>; template: Set<string> } | undefined;

/** Built on first use from the schema's own shapes, so a field added there is known here. */
function knownFields() {
  if (known) return known;
  const byType = new Map<string, Set<string>>();
  const all = new Set<string>();
  for (const option of NodeSchema.def.options) {
    const type = option.def.shape.type.def.values[0] as string;
    const names = new Set([
      ...Object.keys(option.def.shape),
      ...NODE_EXTENSIONS["*"],
      ...(NODE_EXTENSIONS[type] ?? []),
    ]);
    byType.set(type, names);
    for (const n of names) all.add(n);
  }
  const template = new Set([...Object.keys(TemplateSchema.def.shape), ...TEMPLATE_EXTENSIONS]);
  known = { byType, all, template };
  return known;
}

/** The node types that read `field`, for "only gate nodes read it". */
function typesReading(field: string, byType: Map<string, Set<string>>): string[] {
  return [...byType].filter(([, names]) => names.has(field)).map(([type]) => type);
}

export function* checkUnknownFields(view: ModelView, template: unknown): Sliced<Diagnostic[]> {
  const out: Diagnostic[] = [];
  const { byType, all, template: templateFields } = knownFields();
  for (let k = 0; k < view.nodes.length; k++) {
    if (endsSlice(k)) yield;
    const node = view.nodes[k];
    const names = node.type === undefined ? undefined : byType.get(node.type);
    // An unknown type is the schema's error already; its fields cannot be judged.
    if (!names) continue;
    for (const field of Object.keys(node.data)) {
      if (names.has(field)) continue;
      const where = { nodeId: node.id, path: nodePath(node, field), field };
      if (all.has(field)) out.push(wfIssue("WF097", where, node.id, node.type!, field, typesReading(field, byType)));
      else out.push(wfIssue("WF096", where, node.id, field, nearestName(field, names)));
    }
  }
  if (isRecord(template))
    for (const field of Object.keys(template))
      if (!templateFields.has(field))
        out.push(wfIssue("WF099", { path: field, field }, field, nearestName(field, templateFields)));
  return out;
}
