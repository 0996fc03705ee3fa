/** The one shape every validator, importer and the engine use to report a problem. */
import * as z from "zod/mini";

const SeveritySchema = z.enum(["error", "warning", "info"]);
export type Severity = z.infer<typeof SeveritySchema>;

/**
 * Lazy: only tests parse a diagnostic (the schema is where its type comes from), and every
 * `wf` start would otherwise build it.
 */
export const DiagnosticSchema = z.lazy(() =>
  z.object({
    severity: SeveritySchema,
    /** Stable code from a catalog (`WF0xx` model, `MM0xx` mermaid, `PB0xx` playbook, `RUN0xx` engine). */
    code: z.string(),
    message: z.string(),
    nodeId: z.optional(z.string()),
    edge: z.optional(z.object({ from: z.string(), to: z.string() })),
    field: z.optional(z.string()),
    /** JSON path into the template (or YAML path into a playbook), e.g. `nodes[2].on_fail`. */
    path: z.optional(z.string()),
    line: z.optional(z.number().check(z.int())),
    column: z.optional(z.number().check(z.int())),
    file: z.optional(z.string()),
  }),
);
export type Diagnostic = z.infer<typeof DiagnosticSchema>;

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}

/** `file:line:column: severity CODE message` — the form the CLI prints. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = [d.file, d.line, d.column].filter((x) => x !== undefined).join(":");
  const subject = [
    d.nodeId && `node ${d.nodeId}`,
    d.edge && `edge ${d.edge.from}->${d.edge.to}`,
    d.field && `field ${d.field}`,
  ]
    .filter(Boolean)
    .join(", ");
  return `${where ? where + ": " : ""}${d.severity} ${d.code}: ${d.message}${subject ? ` (${subject})` : ""}`;
}
