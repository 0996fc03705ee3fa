/**
 * Reads a workflow file for the CLI: checks the extension, reads the text, and gives the
 * importers an `!include` reader confined to the playbook's own folder tree and regular files.
 * Missing/unreadable files and unknown extensions are usage errors (exit 2).
 */
// Named imports: a default import of a builtin makes the bundle copy the whole module at load (esbuild's __toESM).
import { closeSync, constants, fstatSync, openSync, readFileSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import {
  extensionOf,
  isWorkflowExtension,
  WORKFLOW_EXTENSIONS,
  type ImportWorkflowInput,
} from "@/lib/formats/import-workflow";
import type { IncludeResolver } from "@/lib/formats/playbook-includes";
import { CliError, EXIT } from "./exit-codes";

/** An included prompt is text: larger than this is refused (the import limit for a whole file). */
const MAX_INCLUDE_BYTES = 10 * 1024 * 1024;

/**
 * `!include` reader for a playbook at `playbookPath`: reads only regular files inside the
 * playbook's folder tree, symlinks resolved first (one that leads out is refused), opened
 * non-blocking (a FIFO never hangs the command) and checked on the open descriptor (no swap
 * between the check and the read). undefined when the file does not exist.
 */
export function includeResolverFor(playbookPath: string): IncludeResolver {
  const folder = dirname(resolve(playbookPath));
  return (path) => {
    let root: string;
    let real: string;
    try {
      root = realpathSync(folder);
      real = realpathSync(resolve(folder, path));
    } catch {
      return undefined;
    }
    const inside = relative(root, real);
    if (inside === ".." || inside.startsWith(`..${sep}`) || isAbsolute(inside))
      return { refused: `it leads out of the playbook's folder (to ${real})` };
    let fd: number;
    try {
      fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
    } catch (err) {
      return { refused: `it cannot be opened (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})` };
    }
    try {
      const stat = fstatSync(fd);
      if (!stat.isFile()) return { refused: "it is not a regular file (a folder, FIFO, socket or device)" };
      if (stat.size > MAX_INCLUDE_BYTES)
        return { refused: `it is ${stat.size} bytes; an included file may have at most ${MAX_INCLUDE_BYTES}` };
      return readFileSync(fd, "utf8");
    } finally {
      closeSync(fd);
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
