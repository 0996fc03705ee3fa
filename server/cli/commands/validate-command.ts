/** `wf validate`: import a template (.json), Mermaid (.mmd/.mermaid/.md) or playbook (.yml/.yaml) and validate it. */
import { validateWorkflow } from "@/lib/formats/validate-workflow";
import type { CliIo } from "@/server/cli/io/cli-io";
import { EXIT } from "@/server/cli/io/exit-codes";
import { readWorkflowFile } from "@/server/cli/io/read-workflow-file";
import { formatCliDiagnostic } from "./format-cli-diagnostic";

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** Prints the diagnostics and a summary line (or one JSON object); returns the exit code. */
export async function validateCommand(file: string, opts: { json?: boolean }, io: CliIo): Promise<number> {
  const input = readWorkflowFile(file);
  let validation = validateWorkflow(input);
  if (validation.template?.nodes.some((n) => n.type === "workflow")) {
    // Workflow nodes' children: files next to this one, else the data folder's library when there is one.
    // Loaded only then: the database stack would double the start of every other `wf validate` (measured).
    const { cliChildLookup } = await import("./cli-child-templates");
    validation = validateWorkflow(input, { children: await cliChildLookup(validation.template, file) });
  }
  const code = validation.ok ? EXIT.ok : EXIT.invalid;
  if (opts.json) {
    io.out(JSON.stringify({ ok: validation.ok, mode: validation.mode, diagnostics: validation.diagnostics }));
    return code;
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
  return code;
}
