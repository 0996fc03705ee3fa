/**
 * Playbook `variables` (name → default, `""` = required) → the template's context_schema, and
 * `{{ variables.x }}` → `{x}` in every string of a task (an undeclared name is an error).
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import type { Variable } from "@/lib/workflow/model/template-schema";
import { formatIssue } from "./format-issues";
import { yamlPathString, type YamlLocator, type YamlPath } from "./yaml-locator";

const TOKEN = /\{\{\s*variables\.([A-Za-z_][\w-]*)\s*\}\}/g;

export function variablesToContextSchema(
  variables: Record<string, unknown> | null | undefined,
): Record<string, Variable> {
  const schema: Record<string, Variable> = {};
  for (const [name, value] of Object.entries(variables ?? {})) {
    if (value === "" || value === null || value === undefined) schema[name] = { type: "string", required: true };
    else if (typeof value === "number") schema[name] = { type: "number", required: false, default: value };
    else if (typeof value === "boolean") schema[name] = { type: "boolean", required: false, default: value };
    else schema[name] = { type: "string", required: false, default: String(value) };
  }
  return schema;
}

/**
 * Returns `value` with every `{{ variables.x }}` replaced by `{x}` (strings inside arrays and maps
 * too); pushes PB014 for each undeclared name, pointing at the string that holds it.
 */
export function substituteVariables(
  value: unknown,
  declared: ReadonlySet<string>,
  task: string,
  path: YamlPath,
  loc: YamlLocator,
  out: Diagnostic[],
): unknown {
  if (typeof value === "string") {
    if (!value.includes("{{")) return value;
    return value.replace(TOKEN, (_all, name: string) => {
      if (!declared.has(name))
        out.push(formatIssue("PB014", "error", { ...loc.at(path), path: yamlPathString(path) }, task, name));
      return `{${name}}`;
    });
  }
  if (Array.isArray(value)) return value.map((v, i) => substituteVariables(v, declared, task, [...path, i], loc, out));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, substituteVariables(v, declared, task, [...path, k], loc, out)]),
    );
  }
  return value;
}
