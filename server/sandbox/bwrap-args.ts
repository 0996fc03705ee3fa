/**
 * The bubblewrap arguments (everything before `--` and the command) that confine one process as its
 * isolation says. Pure: the caller says which hidden paths exist and whether each is a folder.
 * Order matters — bwrap applies mounts in order: the read-only root, fresh /dev, /proc and /tmp,
 * then the hidden paths (an empty tmpfs over a folder, /dev/null over a file), then the workspace and
 * the binds on top, so a workspace inside a hidden folder shows through; last the hidden folders'
 * tmpfs turn read-only, so nothing can be written beside the workspace either.
 */
import path from "node:path";
import type { Isolation } from "./isolation";

export interface HiddenPath {
  path: string;
  kind: "dir" | "file";
}

/** Whether `p` is `dir` or inside it. */
export function isWithin(dir: string, p: string): boolean {
  const rel = path.relative(dir, p);
  return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
}

/**
 * Hidden paths that need a mount of their own: not `/`, not inside /tmp (private already) or inside
 * another hidden folder, shortest first.
 */
export function effectiveHidden(hidden: readonly HiddenPath[]): HiddenPath[] {
  const sorted = [...hidden].filter((h) => h.path !== "/").sort((a, b) => a.path.length - b.path.length);
  const kept: HiddenPath[] = [];
  for (const h of sorted) {
    if (isWithin("/tmp", h.path)) continue;
    if (kept.some((k) => k.kind === "dir" && isWithin(k.path, h.path))) continue;
    kept.push(h);
  }
  return kept;
}

export function bwrapArgs(isolation: Isolation, hidden: readonly HiddenPath[]): string[] {
  const args = ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"];
  const kept = effectiveHidden(hidden);
  for (const h of kept) {
    if (h.kind === "dir") args.push("--tmpfs", h.path);
    else args.push("--ro-bind", "/dev/null", h.path);
  }
  const ws = isolation.workspace;
  if (ws) {
    args.push(isolation.writable ? "--bind" : "--ro-bind", ws, ws);
    for (const p of isolation.readOnly ?? []) args.push("--ro-bind", p, p);
  }
  for (const b of isolation.binds ?? []) args.push(b.writable ? "--bind" : "--ro-bind", b.path, b.path);
  for (const h of kept) if (h.kind === "dir") args.push("--remount-ro", h.path);
  args.push("--chdir", ws ?? "/tmp", "--unshare-pid");
  if (!isolation.network) args.push("--unshare-net");
  // Root keeps every capability in the sandbox unless told: without this it could remount `/` writable.
  args.push("--die-with-parent", "--cap-drop", "ALL");
  return args;
}
