/**
 * toPlaybookYaml: template → playbook YAML that importPlaybook reads back to the same template.
 * Playbook fields first (name, phase, capability, executor, prompt, success, depends_on, on_failure,
 * checks); what the playbook format has no field for rides in extension fields (`title`, `type`,
 * `wf_executor`, `edge_labels`) or under the template's own field names (`max_iter`, `retries`, …).
 * A node without a phase gets phase `main`, because a playbook requires one on every task; what the
 * format forces or cannot say (variable descriptions, such implied fields) rides in `wf_template`
 * and `wf_absent` (yaml-template-extras.ts), so template → YAML → template is lossless.
 */
import { stringify } from "yaml";
import type { Template, WorkflowNode } from "@/lib/workflow/model/template-schema";
import { CAPABILITIES, DEFAULT_EXECUTOR, isPlaybookExecutor } from "./playbook-schema";
import { ABSENT_KEY, absentFields, TEMPLATE_EXTRAS_KEY, yamlTemplateExtras } from "./yaml-template-extras";

/** Node fields written by the playbook part of a task (all others are copied as they are). */
const WRITTEN = new Set([
  "id",
  "name",
  "type",
  "executor",
  "args_template",
  "prompt",
  "on_fail",
  "phase",
  "capability",
  "success",
  "checks",
  ABSENT_KEY,
]);
const TEMPLATE_WRITTEN = new Set([
  "name",
  "description",
  "phases",
  "context_schema",
  "nodes",
  "edges",
  TEMPLATE_EXTRAS_KEY,
]);

function capabilityOf(node: WorkflowNode): (typeof CAPABILITIES)[number] {
  const declared = (node as { capability?: unknown }).capability;
  if ((CAPABILITIES as readonly unknown[]).includes(declared)) return declared as (typeof CAPABILITIES)[number];
  if (node.type === "human" || node.executor === "human") return "decision";
  if (node.executor === "explore") return "research";
  if (node.executor === "code-review" || node.executor === "security-review") return "review";
  return "implementation";
}

function isEmpty(v: unknown): boolean {
  return (
    v === undefined ||
    (Array.isArray(v) && v.length === 0) ||
    (typeof v === "object" && v !== null && Object.keys(v).length === 0)
  );
}

function taskOf(node: WorkflowNode, template: Template): Record<string, unknown> {
  const capability = capabilityOf(node);
  const impliedType = capability === "decision" || node.executor === "human" ? "human" : "agent";
  const fields = node as Record<string, unknown>;
  const prompt = node.type === "human" ? node.prompt : node.args_template;
  const incoming = template.edges.filter((e) => e.to === node.id);
  const labels = Object.fromEntries(incoming.filter((e) => e.label !== undefined).map((e) => [e.from, e.label]));
  const task: Record<string, unknown> = {
    name: node.id,
    ...(node.name !== node.id ? { title: node.name } : {}),
    phase: node.phase ?? "main",
    capability,
  };
  if (node.executor !== undefined && isPlaybookExecutor(node.executor)) {
    if (node.executor !== DEFAULT_EXECUTOR[capability] || node.type !== impliedType) task.executor = node.executor;
  } else if (node.executor !== undefined) task.wf_executor = node.executor;
  if (node.type !== impliedType) task.type = node.type;
  task.prompt = typeof prompt === "string" ? prompt : "";
  task.success = typeof fields.success === "string" ? fields.success : "";
  if (incoming.length) task.depends_on = incoming.map((e) => e.from);
  if (Object.keys(labels).length) task.edge_labels = labels;
  if (node.on_fail !== undefined) task.on_failure = node.on_fail === "abort" ? "stop" : node.on_fail;
  if (node.checks !== undefined) task.checks = node.checks;
  for (const [k, v] of Object.entries(fields)) if (!WRITTEN.has(k) && v !== undefined) task[k] = v;
  const absent = absentFields(fields);
  if (absent) task[ABSENT_KEY] = absent;
  return task;
}

/** `{x}` → `{{ variables.x }}` for declared variables, in every string of a task (the playbook's form). */
function toSeedReferences(value: unknown, vars: ReadonlySet<string>): unknown {
  if (typeof value === "string")
    return value.replace(/\{([A-Za-z_][\w-]*)\}/g, (all, name: string) =>
      vars.has(name) ? `{{ variables.${name} }}` : all,
    );
  if (Array.isArray(value)) return value.map((v) => toSeedReferences(v, vars));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toSeedReferences(v, vars)]));
  return value;
}

function withExtras(template: Template, variables: Record<string, unknown>): Record<string, unknown> {
  const extras = yamlTemplateExtras(template, variables);
  return extras ? { [TEMPLATE_EXTRAS_KEY]: extras } : {};
}

/** Writes the template as a playbook (YAML text). */
export function toPlaybookYaml(template: Template): string {
  const variables = Object.fromEntries(
    Object.entries(template.context_schema).map(([k, v]) => [
      k,
      v.required || v.default === undefined ? "" : v.default,
    ]),
  );
  const extra = Object.fromEntries(
    Object.entries(template).filter(
      ([k, v]) => !TEMPLATE_WRITTEN.has(k) && !isEmpty(v) && !(k === "execution_mode" && v === "parallel"),
    ),
  );
  // Every task phase must be declared when phases are (rule 4): add the undeclared ones.
  const phases = template.phases ? [...template.phases] : undefined;
  for (const n of template.nodes) {
    const name = n.phase ?? "main";
    if (phases && !phases.some((p) => p.name === name)) phases.push({ name });
  }
  const playbook = {
    name: template.name,
    description: template.description,
    ...(phases ? { phases } : {}),
    ...(Object.keys(variables).length ? { variables } : {}),
    ...extra,
    ...withExtras(template, variables),
    tasks: template.nodes.map((n) => toSeedReferences(taskOf(n, template), new Set(Object.keys(variables)))),
  };
  return stringify(playbook, { lineWidth: 0, aliasDuplicateObjects: false });
}
