/**
 * `!include` (docs/formats.md, "Playbook YAML"): every task `prompt` of the form `!include <path>` is replaced
 * by the file's text. The reader is injected (the CLI reads relative to the playbook's folder,
 * the API looks in the uploaded files), so this stays pure. An include stays inside the playbook's
 * folder tree: an absolute path, `~`, or a path that climbs out with `..` is refused here (PB017)
 * before any reader is asked; the reader refuses what only the file system can tell (a symlink
 * out of the folder, a FIFO, a device) the same way.
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { formatIssue } from "./format-issues";
import { yamlPathString, type YamlLocator } from "./yaml-locator";

/** A reader's refusal: why the file may not be included (it was not read). */
export interface IncludeRefusal {
  refused: string;
}

/** Returns the file's text, undefined when it does not exist, or a refusal. Paths are as written. */
export type IncludeResolver = (path: string) => string | undefined | IncludeRefusal;

const INCLUDE = /^\s*!include\s+(.+?)\s*$/;

/** Why `path` may not be included from a playbook, or undefined when it stays in its folder tree. */
function includePathRefusal(path: string): string | undefined {
  if (!path) return "the path is empty";
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f]/.test(path)) return "the path holds a control character";
  if (/^[/\\]/.test(path) || /^[A-Za-z]:/.test(path))
    return "it is an absolute path: write it relative to the playbook's folder";
  if (path.startsWith("~")) return "it names a home folder: write it relative to the playbook's folder";
  let depth = 0;
  for (const seg of path.split(/[/\\]/)) {
    if (seg === "..") depth--;
    else if (seg !== "" && seg !== ".") depth++;
    if (depth < 0) return "it leads out of the playbook's folder (..): keep included files in that folder or below";
  }
  return undefined;
}

/** Resolves includes in place on a copy of `tasks`; a missing or refused file names the task and the path. */
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
    const refusal = includePathRefusal(file);
    const text = refusal === undefined ? resolve?.(file) : { refused: refusal };
    if (typeof text === "string") return { ...t, prompt: text };
    const path = ["tasks", i, "prompt"];
    const name = typeof t.name === "string" ? t.name : `#${i + 1}`;
    const at = { ...loc.at(path), path: yamlPathString(path), field: "prompt" };
    diagnostics.push(
      text === undefined
        ? formatIssue("PB013", "error", at, name, file)
        : formatIssue("PB017", "error", at, name, file, text.refused),
    );
    return task;
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
