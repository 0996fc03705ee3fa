/**
 * Reads a workflow file for the CLI: checks the extension, reads the text, and gives the
 * importers an `!include` reader that resolves paths relative to the playbook's own folder.
 * Missing/unreadable files and unknown extensions are usage errors (exit 2).
 */
// Named imports: a default import of a builtin makes the bundle copy the whole module at load (esbuild's __toESM).
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import {
  extensionOf,
  isWorkflowExtension,
  WORKFLOW_EXTENSIONS,
  type ImportWorkflowInput,
} from "@/lib/formats/import-workflow";
import type { IncludeResolver } from "@/lib/formats/playbook-includes";
import { CliError, EXIT } from "./exit-codes";

/** `!include` reader for a playbook at `playbookPath`: undefined when the file is missing. */
export function includeResolverFor(playbookPath: string): IncludeResolver {
  const dir = dirname(resolve(playbookPath));
  return (relative) => {
    try {
      return readFileSync(resolve(dir, relative), "utf8");
    } catch {
      return undefined;
    }
  };
}

export function readWorkflowFile(file: string): ImportWorkflowInput {
  const ext = extensionOf(file);
  if (!isWorkflowExtension(ext)) {
    throw new CliError(
      `${file}: unknown file type "${ext || "(none)"}"; expected ${WORKFLOW_EXTENSIONS.join(", ")}`,
      EXIT.usage,
    );
  }
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "is a directory" : (err as Error).message;
    throw new CliError(`cannot read ${file}: ${why}`, EXIT.usage);
  }
  return { filename: file, text, resolveInclude: includeResolverFor(file) };
}
