/**
 * `!include` (docs/formats.md, "Playbook YAML"): every task `prompt` of the form `!include <path>` is replaced
 * by the file's text. The reader is injected (the CLI reads relative to the playbook's folder,
 * the API looks in the uploaded files), so this stays pure.
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { formatIssue } from "./format-issues";
import { yamlPathString, type YamlLocator } from "./yaml-locator";

/** Returns the file's text, or undefined when it does not exist. Paths are as written. */
export type IncludeResolver = (path: string) => string | undefined;

const INCLUDE = /^\s*!include\s+(.+?)\s*$/;

/** Resolves includes in place on a copy of `tasks`; a missing file names the task and the path. */
export function resolvePlaybookIncludes(
  tasks: unknown,
  resolve: IncludeResolver | undefined,
  loc: YamlLocator,
): { tasks: unknown; diagnostics: Diagnostic[] } {
  if (!Array.isArray(tasks)) return { tasks, diagnostics: [] };
  const diagnostics: Diagnostic[] = [];
  const out = tasks.map((task: unknown, i) => {
    if (!task || typeof task !== "object" || Array.isArray(task)) return task;
    const t = task as Record<string, unknown>;
    const m = typeof t.prompt === "string" ? INCLUDE.exec(t.prompt) : null;
    if (!m) return task;
    const file = m[1].replace(/^["']|["']$/g, "");
    const text = resolve?.(file);
    if (text === undefined) {
      const path = ["tasks", i, "prompt"];
      const name = typeof t.name === "string" ? t.name : `#${i + 1}`;
      diagnostics.push(
        formatIssue("PB013", "error", { ...loc.at(path), path: yamlPathString(path), field: "prompt" }, name, file),
      );
      return task;
    }
    return { ...t, prompt: text };
  });
  return { tasks: out, diagnostics };
}

/** Joins `relative` onto the folder `base` (both `/`-separated), resolving `.` and `..`. */
function joinPath(base: string, relative: string): string {
  const parts: string[] = [];
  for (const seg of `${base}/${relative}`.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") parts.pop();
    else parts.push(seg);
  }
  return parts.join("/");
}

/**
 * An include reader over uploaded files (the API's case): `files` maps paths as uploaded
 * (`prompts/a.md`) to text; includes resolve relative to the playbook's own folder in that map.
 * A browser's file picker gives bare names only, so when no path matches, a file whose name is
 * the include's last segment is used — if exactly one has it.
 */
export function includeResolverFromFiles(files: Readonly<Record<string, string>>, playbookPath = ""): IncludeResolver {
  const byPath = new Map(Object.entries(files).map(([p, text]) => [joinPath("", p.replace(/\\/g, "/")), text]));
  const byName = new Map<string, string | undefined>();
  for (const [p, text] of byPath) {
    const name = p.split("/").pop()!;
    byName.set(name, byName.has(name) ? undefined : text);
  }
  const folder = playbookPath.replace(/\\/g, "/").split("/").slice(0, -1).join("/");
  return (relative) => {
    const wanted = joinPath(folder, relative.replace(/\\/g, "/"));
    return byPath.get(wanted) ?? byName.get(wanted.split("/").pop()!);
  };
}
