/**
 * importPlaybook: playbook YAML → template, following docs/formats.md:
 * 1. parse YAML; 2. resolve `!include`; 3. validate (the eleven rules, all at once);
 * 4. substitute `{{ variables.x }}` → `{x}`; 5. map tasks to nodes:
 *    id = task name; type human when capability is `decision` or executor `human`, else agent
 *    (the `type` extension field overrides); executor = given or the capability's default;
 *    prompt → `args_template` (human: `prompt`); depends_on → edges; on_failure stop → abort;
 *    phase, checks and every other field carry over unchanged (capability and success included,
 *    so export can write them back).
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { normalizeNodeType } from "@/lib/workflow/model/normalize-template";
import { parseTemplate } from "@/lib/workflow/model/parse-template";
import { defaultTemplateId } from "./default-template-id";
import { formatIssue } from "./format-issues";
import { locateDiagnostics, type ImportResult, type SourcePosition } from "./import-result";
import { parsePlaybookYaml } from "./parse-playbook-yaml";
import { resolvePlaybookIncludes, type IncludeResolver } from "./playbook-includes";
import { DEFAULT_EXECUTOR, PlaybookSchema, type Playbook, type PlaybookTask } from "./playbook-schema";
import { substituteVariables, variablesToContextSchema } from "./playbook-variables";
import { dependsOnList, validatePlaybook } from "./validate-playbook";
import { yamlPathString } from "./yaml-locator";

export interface PlaybookImportOptions {
  resolveInclude?: IncludeResolver;
}

/** Task fields with a template counterpart; everything else on a task is copied onto its node. */
const MAPPED = new Set([
  "name",
  "title",
  "type",
  "executor",
  "wf_executor",
  "prompt",
  "depends_on",
  "edge_labels",
  "on_failure",
]);
const TOP_LEVEL = new Set(["name", "description", "phases", "variables", "tasks"]);

function taskToNode(task: PlaybookTask): Record<string, unknown> {
  const node: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(task)) if (!MAPPED.has(k)) node[k] = v;
  const human = task.capability === "decision" || task.executor === "human";
  const type = task.type !== undefined ? normalizeNodeType(task.type) : human ? "human" : "agent";
  node.id = task.name;
  node.name = task.title ?? task.name;
  node.type = type;
  node.executor = task.wf_executor ?? task.executor ?? DEFAULT_EXECUTOR[task.capability];
  if (task.prompt !== "") node[type === "human" ? "prompt" : "args_template"] = task.prompt;
  if (task.on_failure !== undefined) node.on_fail = task.on_failure === "stop" ? "abort" : task.on_failure;
  return node;
}

function toTemplate(pb: Playbook): Record<string, unknown> {
  const extra = Object.fromEntries(Object.entries(pb).filter(([k]) => !TOP_LEVEL.has(k)));
  const edges = pb.tasks.flatMap((t) =>
    dependsOnList(t).map((dep) => {
      // Own keys only: a dependency named `toString` must not find Object.prototype's.
      const labels = t.edge_labels;
      const label = labels && Object.hasOwn(labels, String(dep)) ? labels[String(dep)] : undefined;
      return { from: String(dep), to: t.name, ...(label !== undefined ? { label } : {}) };
    }),
  );
  return {
    ...extra,
    template_id: typeof extra.template_id === "string" ? extra.template_id : defaultTemplateId(pb.name),
    name: pb.name,
    description: pb.description,
    ...(pb.phases ? { phases: pb.phases.map((p) => (typeof p === "string" ? { name: p } : p)) } : {}),
    context_schema: variablesToContextSchema(pb.variables),
    nodes: pb.tasks.map(taskToNode),
    edges,
  };
}

/** Imports playbook YAML; never throws. No template when any rule is violated. */
export function importPlaybook(text: string, options: PlaybookImportOptions = {}): ImportResult {
  const parsed = parsePlaybookYaml(text);
  if (parsed.diagnostics.length) return { diagnostics: parsed.diagnostics };
  const loc = parsed.locator;
  const raw = parsed.value;
  const diagnostics: Diagnostic[] = [];
  let value = raw;
  if (raw && typeof raw === "object" && !Array.isArray(raw)) {
    const r = raw as Record<string, unknown>;
    const included = resolvePlaybookIncludes(r.tasks, options.resolveInclude, loc);
    diagnostics.push(...included.diagnostics);
    const vars = r.variables && typeof r.variables === "object" ? Object.keys(r.variables) : [];
    const declared = new Set(vars);
    const tasks = Array.isArray(included.tasks)
      ? included.tasks.map((t, i) => {
          const name = (t as { name?: unknown })?.name;
          return substituteVariables(
            t,
            declared,
            typeof name === "string" ? name : `#${i + 1}`,
            ["tasks", i],
            loc,
            diagnostics,
          );
        })
      : included.tasks;
    value = { ...r, tasks };
  }
  diagnostics.unshift(...validatePlaybook(value, loc));
  const locations: Record<string, SourcePosition> = {};
  const tasks = (value as { tasks?: unknown })?.tasks;
  if (Array.isArray(tasks)) {
    tasks.forEach((t, i) => {
      const name = (t as { name?: unknown })?.name;
      if (typeof name === "string" && !Object.hasOwn(locations, name)) locations[name] = loc.at(["tasks", i]);
    });
  }
  if (diagnostics.length) return { diagnostics, locations };

  const shape = PlaybookSchema.safeParse(value);
  if (!shape.success) {
    return {
      diagnostics: shape.error.issues.map((issue) => {
        const path = issue.path.filter((p): p is string | number => typeof p !== "symbol");
        return formatIssue(
          "PB015",
          "error",
          { ...loc.at(path), path: yamlPathString(path) },
          yamlPathString(path),
          `valid (${issue.message})`,
        );
      }),
      locations,
    };
  }
  const result = parseTemplate(toTemplate(shape.data));
  if (!result.ok) return { diagnostics: locateDiagnostics(result.diagnostics, locations), locations };
  return { template: result.template, diagnostics: [], locations };
}
