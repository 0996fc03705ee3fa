/** `wf validate <file> [--json]` — import a template (.json), Mermaid (.mmd/.mermaid/.md) or playbook (.yml/.yaml) and validate it. */
import type { Command } from "commander";
import { validateWorkflow } from "@/lib/formats/validate-workflow";
import { formatDiagnostic, type Diagnostic } from "@/lib/workflow/diagnostic";
import type { CliIo, CommandResult } from "@/server/cli/cli-io";
import { EXIT } from "@/server/cli/exit-codes";
import { readWorkflowFile } from "@/server/cli/read-workflow-file";

/** One diagnostic line: `file:line:col: severity CODE: message (subject) at <path>` (YAML/JSON path when known). */
export function formatCliDiagnostic(d: Diagnostic, file: string): string {
  const line = formatDiagnostic({ ...d, file });
  return d.path && d.path !== "$" ? `${line} at ${d.path}` : line;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

export function registerValidate(program: Command, io: CliIo, result: CommandResult): Command {
  return program
    .command("validate <file>")
    .description("Validate a template (.json), Mermaid (.mmd/.mermaid/.md) or playbook (.yml/.yaml)")
    .option("--json", "print one JSON object: { ok, mode, diagnostics }")
    .action((file: string, opts: { json?: boolean }) => {
      const validation = validateWorkflow(readWorkflowFile(file));
      result.code = validation.ok ? EXIT.ok : EXIT.invalid;
      if (opts.json) {
        io.out(JSON.stringify({ ok: validation.ok, mode: validation.mode, diagnostics: validation.diagnostics }));
        return;
      }
      for (const d of validation.diagnostics) io.out(formatCliDiagnostic(d, file));
      const errors = validation.diagnostics.filter((d) => d.severity === "error").length;
      const warnings = validation.diagnostics.filter((d) => d.severity === "warning").length;
      const nodes = validation.template ? `, ${plural(validation.template.nodes.length, "node")}` : "";
      io.out(
        validation.ok
          ? `✓ ${file}: valid (${validation.mode} mode${nodes}${warnings ? `, ${plural(warnings, "warning")}` : ""})`
          : `✗ ${file}: ${plural(errors, "error")}${warnings ? `, ${plural(warnings, "warning")}` : ""}`,
      );
    });
}
