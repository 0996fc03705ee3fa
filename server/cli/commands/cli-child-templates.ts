/**
 * `wf run`'s source of workflow nodes' children: a `template` that names a file (a path, or a name with a
 * workflow extension) is read relative to the file of the workflow that calls it; anything else is a saved
 * template in the library (the `--db` file, else the data folder's database when there is one).
 */
import fs from "node:fs";
import path from "node:path";
import { extensionOf } from "@/lib/formats/import-workflow";
import { validateWorkflow } from "@/lib/formats/validate-workflow";
import { formatDiagnostic } from "@/lib/workflow/model/diagnostic";
import { readWorkflowFile } from "@/server/cli/io/read-workflow-file";
import type { Db } from "@/server/db/open-database";
import type { ChildTemplateSource } from "@/server/engine/child-templates";
import { libraryChildTemplates } from "@/server/engine/library-child-templates";

export function cliChildTemplates(library: () => Db | undefined): ChildTemplateSource {
  let db: Db | undefined | null = null;
  return {
    resolve(ref, version, from) {
      const base = from.file ? path.dirname(path.resolve(from.file)) : process.cwd();
      const file = path.resolve(base, ref);
      if (extensionOf(ref) !== "" || ref.includes("/") || fs.existsSync(file)) {
        const validation = validateWorkflow(readWorkflowFile(file));
        if (!validation.ok || !validation.template) {
          const first = validation.diagnostics.find((d) => d.severity === "error");
          throw new Error(`${file} is not a valid workflow${first ? `: ${formatDiagnostic(first)}` : ""}`);
        }
        return { template: validation.template, templatePk: null, templateVersion: null, file };
      }
      if (db === null) db = library();
      return db ? libraryChildTemplates(db).resolve(ref, version, from) : undefined;
    },
  };
}
