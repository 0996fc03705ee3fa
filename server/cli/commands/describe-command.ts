/**
 * `wf describe "<text>" [--json] [--no-agent]` — turn a sentence into a workflow template: the ASCII
 * pipeline, its variables and the parser's assumptions; or, with --json, the template as one JSON
 * object on stdout. Nothing usable in the text → the describe question (docs/describe.md) on stderr, exit 1.
 */
import type { DescribeSuccess } from "@/lib/describe/describe-workflow";
import { renderAsciiPipeline } from "@/lib/formats/ascii-pipeline";
import { formatDiagnostic, hasErrors } from "@/lib/workflow/model/diagnostic";
import type { CliIo } from "@/server/cli/io/cli-io";
import { CliError, EXIT } from "@/server/cli/io/exit-codes";
import { ExecutorCatalogError, loadExecutorCatalog } from "@/server/catalog/load-executor-catalog";
import { createAgentProviders } from "@/server/providers/agent-providers";
import { describeWithProviders } from "@/server/providers/describe-with-providers";

/** One line per variable: name, type, required or optional, and what it is. */
function variablesBlock(result: DescribeSuccess): string {
  const vars = Object.entries(result.template.context_schema);
  if (!vars.length) return "Variables: none";
  const width = Math.max(...vars.map(([name]) => name.length));
  const lines = vars.map(
    ([name, v]) =>
      `  ${name.padEnd(width)}  ${v.type}, ${v.required ? "required" : "optional"}${v.description ? ` — ${v.description}` : ""}`,
  );
  return ["Variables:", ...lines].join("\n");
}

/** Describes `text` (agent provider first unless `--no-agent`, then the rules); returns the exit code. */
export async function describeCommand(
  text: string,
  opts: { json?: boolean; agent?: boolean },
  io: CliIo,
): Promise<number> {
  let described;
  try {
    // This command's composition root: the catalog and providers its environment configures.
    described = await describeWithProviders(text, {
      catalog: () => loadExecutorCatalog(process.env),
      providers: createAgentProviders(process.env),
      useAgent: opts.agent !== false,
    });
  } catch (err) {
    if (err instanceof ExecutorCatalogError) {
      for (const d of err.diagnostics) io.err(formatDiagnostic(d));
      throw new CliError("the executor catalog is invalid", EXIT.invalid);
    }
    throw err;
  }
  if (!described.ok) throw new CliError(described.diagnostics.map((d) => d.message).join("\n"), EXIT.invalid);
  for (const d of described.diagnostics) io.err(formatDiagnostic(d));
  if (opts.json) {
    io.out(JSON.stringify(described.template, null, 2));
    for (const a of described.assumptions) io.err(`assumption: ${a}`);
  } else {
    io.out(renderAsciiPipeline(described.template));
    io.out(variablesBlock(described));
    io.out(["Assumptions:", ...described.assumptions.map((a) => `  - ${a}`)].join("\n"));
  }
  return hasErrors(described.diagnostics) ? EXIT.invalid : EXIT.ok;
}
