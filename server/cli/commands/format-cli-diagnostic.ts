/** How the CLI prints one diagnostic (shared by validate and convert). */
import { formatDiagnostic, type Diagnostic } from "@/lib/workflow/model/diagnostic";

/** One diagnostic line: `file:line:col: severity CODE: message (subject) at <path>` (YAML/JSON path when known). */
export function formatCliDiagnostic(d: Diagnostic, file: string): string {
  const line = formatDiagnostic({ ...d, file });
  return d.path && d.path !== "$" ? `${line} at ${d.path}` : line;
}
