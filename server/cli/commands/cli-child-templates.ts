/**
 * `wf run`'s source of workflow nodes' children: a `template` that names a file (a path, or a name with a
 * workflow extension) is read relative to the file of the workflow that calls it; anything else is a saved
 * template in the library (the `--db` file, else the data folder's database when there is one). They are read
 * before the run starts, with their own children (decision 052).
 */
import fs from "node:fs";
import path from "node:path";
import { extensionOf } from "@/lib/formats/import-workflow";
import { validateWorkflow } from "@/lib/formats/validate-workflow";
import { formatDiagnostic } from "@/lib/workflow/model/diagnostic";
import type { Template } from "@/lib/workflow/model/template-schema";
import { readWorkflowFile } from "@/server/cli/io/read-workflow-file";
import { dbPath } from "@/server/config/data-paths";
import { openDatabase } from "@/server/db/open-database";
import { sqliteSql } from "@/server/db/sql/sqlite-sql";
import { createLibrary, type TemplateLibrary } from "@/server/db/template-library";
import { childLookup, type ChildTemplateSource } from "@/server/engine/child-templates";
import type { ChildLookup } from "@/lib/workflow/validate/check-workflow-calls";
import {
  libraryChildResolver,
  resolveChildTemplates,
  type ResolveChild,
} from "@/server/engine/library-child-templates";

function isFileRef(ref: string, base: string): boolean {
  return extensionOf(ref) !== "" || ref.includes("/") || fs.existsSync(path.resolve(base, ref));
}

/** A child file's own file calls made absolute, so they read the same whoever asks (validation has no "from"). */
function absoluteFileCalls(template: Template, file: string): Template {
  const base = path.dirname(file);
  if (!template.nodes.some((n) => n.type === "workflow" && n.template && isFileRef(n.template, base))) return template;
  const nodes = template.nodes.map((n) =>
    n.type === "workflow" && n.template && isFileRef(n.template, base)
      ? { ...n, template: path.resolve(base, n.template) }
      : n,
  );
  return { ...template, nodes };
}

/** Children from files (relative to the calling file) or, for any other reference, from `library`. */
function cliChildResolver(library: () => TemplateLibrary | undefined): ResolveChild {
  let lib: TemplateLibrary | undefined | null = null;
  return async (ref, version, from) => {
    const base = from.file ? path.dirname(path.resolve(from.file)) : process.cwd();
    const file = path.resolve(base, ref);
    if (isFileRef(ref, base)) {
      const validation = validateWorkflow(readWorkflowFile(file));
      if (!validation.ok || !validation.template) {
        const first = validation.diagnostics.find((d) => d.severity === "error");
        throw new Error(`${file} is not a valid workflow${first ? `: ${formatDiagnostic(first)}` : ""}`);
      }
      return {
        template: absoluteFileCalls(validation.template, file),
        templatePk: null,
        templateVersion: null,
        file,
      };
    }
    if (lib === null) lib = library();
    return lib ? libraryChildResolver(lib)(ref, version, from) : undefined;
  };
}

/** The children `template` (read from `file`, if from one) calls, read now: `wf run`'s engine source. */
export function cliChildTemplates(
  template: unknown,
  file: string | undefined,
  library: () => TemplateLibrary | undefined,
): Promise<ChildTemplateSource> {
  return resolveChildTemplates(template, cliChildResolver(library), file ? { file } : {});
}

/** `wf validate`'s view of the children of `template` in `file`: files next to it, else the data folder's library if any. */
export async function cliChildLookup(template: unknown, file: string): Promise<ChildLookup> {
  const library = () =>
    fs.existsSync(dbPath()) ? createLibrary(sqliteSql(openDatabase(dbPath(), { readonly: true }))) : undefined;
  return childLookup(await cliChildTemplates(template, file, library), { file });
}
