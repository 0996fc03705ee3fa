/**
 * Run workspaces (`<runs dir>/<run-id>/`) and path confinement: a node may only touch paths
 * inside its run's workspace — no absolute paths elsewhere, no `..`, no symlink escape.
 */
import fs from "node:fs";
import path from "node:path";
import { RUN_CODES } from "@/lib/workflow/run/run-codes";
import type { WorkflowNode } from "@/lib/workflow/model/template-schema";

export class WorkspaceEscapeError extends Error {
  readonly code = "RUN017";
  constructor(p: string) {
    super(RUN_CODES.RUN017(p));
    this.name = "WorkspaceEscapeError";
  }
}

const realRunsDirs = new Map<string, string>();

/**
 * `<runs dir>/<run-id>` with the runs dir's symlinks resolved (once per process). The folder itself is
 * made by `ensureWorkspace` when the first node that may touch files starts: a run of checkpoints never
 * needs one, and a mkdir per run was a tenth of `run.start`'s cost on the warm server.
 */
export function workspacePath(runsDir: string, runId: string): string {
  let root = realRunsDirs.get(runsDir);
  if (!root) {
    fs.mkdirSync(runsDir, { recursive: true });
    root = fs.realpathSync(runsDir);
    realRunsDirs.set(runsDir, root);
  }
  return path.join(root, runId);
}

/** Whether a node may read or write its run's folder (every type but a checkpoint without file checks). */
export function needsWorkspace(node: WorkflowNode): boolean {
  return (
    node.type !== "checkpoint" || !!(node.checks?.length || node.preconditions?.length || node.forbids_files?.length)
  );
}

function isInside(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

/**
 * Resolves `p` (relative to the workspace) and checks it stays inside, following symlinks of
 * every existing ancestor. Throws WorkspaceEscapeError.
 */
export function confinePath(workspace: string, p: string): string {
  const root = fs.realpathSync(workspace);
  const abs = path.resolve(root, p);
  if (!isInside(root, abs)) throw new WorkspaceEscapeError(p);
  // Follow symlinks of the deepest existing ancestor (the target itself may not exist yet).
  let probe = abs;
  while (!fs.existsSync(probe) && probe !== root) probe = path.dirname(probe);
  let real: string;
  try {
    real = fs.realpathSync(probe);
  } catch {
    // A dangling symlink: its target is outside or missing; refuse either way.
    throw new WorkspaceEscapeError(p);
  }
  if (!isInside(root, real)) throw new WorkspaceEscapeError(p);
  // A dangling symlink at the target would write wherever it points.
  if (!fs.existsSync(abs) && fs.lstatSync(abs, { throwIfNoEntry: false })?.isSymbolicLink())
    throw new WorkspaceEscapeError(p);
  return abs;
}

/** Every file path (relative, `/`-separated) under the workspace; symlinks are listed, not followed. */
export function listWorkspaceFiles(workspace: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, rel: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(path.join(dir, e.name), r);
      else out.push(r);
    }
  };
  walk(workspace, "");
  return out;
}

/** Anything but a regular file where the engine reads one: a FIFO would block the server on open or read. */
export class NotRegularFileError extends Error {
  readonly code = "RUN033";
  constructor(shown: string, what: string) {
    super(RUN_CODES.RUN033(shown, what));
    this.name = "NotRegularFileError";
  }
}

/** What a non-regular file is, in words ("a FIFO"); undefined for a regular file. */
export function notRegular(st: fs.Stats): string | undefined {
  if (st.isFile()) return undefined;
  if (st.isFIFO()) return "a FIFO";
  if (st.isSocket()) return "a socket";
  if (st.isCharacterDevice()) return "a character device";
  if (st.isBlockDevice()) return "a block device";
  if (st.isDirectory()) return "a directory";
  return "not a regular file";
}

const READ_FLAGS = fs.constants.O_RDONLY | fs.constants.O_NONBLOCK | fs.constants.O_NOCTTY;

/**
 * Opens a regular file for reading, and nothing else: the path is looked at first (a device or FIFO is
 * never opened), then opened non-blocking (a FIFO swapped in meanwhile cannot hold the open) and checked
 * again on the descriptor. Throws NotRegularFileError naming `shown` (the path as the template wrote it).
 */
function openRegularFile(file: string, shown: string): number {
  const before = notRegular(fs.statSync(file));
  if (before) throw new NotRegularFileError(shown, before);
  const fd = fs.openSync(file, READ_FLAGS);
  const after = notRegular(fs.fstatSync(fd));
  if (after) {
    fs.closeSync(fd);
    throw new NotRegularFileError(shown, after);
  }
  return fd;
}

/**
 * Reads at most `maxBytes` of a regular file as UTF-8 (a cut multi-byte character is dropped), never the
 * whole file; anything else (FIFO, socket, device, directory) is refused with NotRegularFileError.
 */
export function readFileCapped(file: string, maxBytes: number, shown = file): { text: string; truncated: boolean } {
  const fd = openRegularFile(file, shown);
  try {
    const buf = Buffer.allocUnsafe(Math.min(maxBytes, Math.max(0, fs.fstatSync(fd).size)) + 1);
    let n = 0;
    while (n < buf.length) {
      const got = fs.readSync(fd, buf, n, buf.length - n, n);
      if (got === 0) break;
      n += got;
    }
    const truncated = n > maxBytes;
    const kept = buf.subarray(0, Math.min(n, maxBytes));
    return { text: new TextDecoder("utf-8", { fatal: false }).decode(truncated ? trimPartial(kept) : kept), truncated };
  } finally {
    fs.closeSync(fd);
  }
}

/** Drops a UTF-8 sequence cut at the end of `buf`. */
function trimPartial(buf: Buffer): Buffer {
  let i = buf.length - 1;
  let back = 0;
  while (i >= 0 && back < 4 && (buf[i] & 0xc0) === 0x80) {
    i--;
    back++;
  }
  if (i < 0) return buf;
  const lead = buf[i];
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return need > back + 1 ? buf.subarray(0, i) : buf;
}
