/** `wf convert`: convert between workflow formats; stdout holds exactly the converted document. */
import { EXPORT_FORMATS, exportWorkflow, isExportFormat } from "@/lib/formats/export-workflow";
import { importWorkflow } from "@/lib/formats/import-workflow";
import { hasErrors } from "@/lib/workflow/model/diagnostic";
import { injectCheckpoints } from "@/lib/workflow/checkpoints/inject-checkpoints";
import type { CliIo } from "@/server/cli/io/cli-io";
import { CliError, EXIT } from "@/server/cli/io/exit-codes";
import { readWorkflowFile } from "@/server/cli/io/read-workflow-file";
import { formatCliDiagnostic } from "./format-cli-diagnostic";

/** Imports `file`, optionally injects checkpoints, prints it in `opts.to`; returns the exit code. */
export function convertCommand(file: string, opts: { to: string; injectCheckpoints?: boolean }, io: CliIo): number {
  if (!isExportFormat(opts.to)) {
    throw new CliError(`--to must be one of ${EXPORT_FORMATS.join(", ")}, got "${opts.to}"`, EXIT.usage);
  }
  const imported = importWorkflow(readWorkflowFile(file));
  // Warnings and errors go to stderr so stdout stays exactly the converted document.
  for (const d of imported.diagnostics) io.err(formatCliDiagnostic(d, file));
  if (!imported.template || hasErrors(imported.diagnostics)) return EXIT.invalid;
  let template = imported.template;
  if (opts.injectCheckpoints) {
    const injected = injectCheckpoints(template);
    template = injected.template;
    for (const cp of injected.report.checkpoints) {
      io.err(`injected ${cp.id} (${cp.rule}) on ${cp.edge.from} → ${cp.edge.to}${cp.autoContinue ? "" : ", pauses"}`);
    }
  }
  io.out(exportWorkflow(template, opts.to).replace(/\n$/, ""));
  return EXIT.ok;
}
