/** `wf convert <file> --to json|mermaid|yaml|ascii [--inject-checkpoints]` — convert between workflow formats. */
import type { Command } from "commander";
import { EXPORT_FORMATS, exportWorkflow, isExportFormat } from "@/lib/formats/export-workflow";
import { importWorkflow } from "@/lib/formats/import-workflow";
import { hasErrors } from "@/lib/workflow/diagnostic";
import { injectCheckpoints } from "@/lib/workflow/inject-checkpoints";
import type { CliIo, CommandResult } from "@/server/cli/cli-io";
import { CliError, EXIT } from "@/server/cli/exit-codes";
import { formatCliDiagnostic } from "@/server/cli/commands/validate";
import { readWorkflowFile } from "@/server/cli/read-workflow-file";

export function registerConvert(program: Command, io: CliIo, result: CommandResult): Command {
  return program
    .command("convert <file>")
    .description("Convert between template JSON, Mermaid, playbook YAML and the ASCII pipeline")
    .requiredOption("--to <format>", "json | mermaid | yaml | ascii")
    .option("--inject-checkpoints", "inject checkpoints before converting")
    .action((file: string, opts: { to: string; injectCheckpoints?: boolean }) => {
      if (!isExportFormat(opts.to)) {
        throw new CliError(`--to must be one of ${EXPORT_FORMATS.join(", ")}, got "${opts.to}"`, EXIT.usage);
      }
      const imported = importWorkflow(readWorkflowFile(file));
      // Warnings and errors go to stderr so stdout stays exactly the converted document.
      for (const d of imported.diagnostics) io.err(formatCliDiagnostic(d, file));
      if (!imported.template || hasErrors(imported.diagnostics)) {
        result.code = EXIT.invalid;
        return;
      }
      let template = imported.template;
      if (opts.injectCheckpoints) {
        const injected = injectCheckpoints(template);
        template = injected.template;
        for (const cp of injected.report.checkpoints) {
          io.err(
            `injected ${cp.id} (${cp.rule}) on ${cp.edge.from} → ${cp.edge.to}${cp.autoContinue ? "" : ", pauses"}`,
          );
        }
      }
      io.out(exportWorkflow(template, opts.to).replace(/\n$/, ""));
      result.code = EXIT.ok;
    });
}
