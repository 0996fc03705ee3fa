import { describe, expect, it } from "vitest";
import { bwrapArgs, effectiveHidden } from "./bwrap-args";

/** The pairs and triples of one argument list, for order checks. */
const indexOf = (args: string[], ...seq: string[]) => args.findIndex((_, i) => seq.every((s, j) => args[i + j] === s));

describe("bwrap arguments for one process", () => {
  const hidden = [
    { path: "/srv/wf/data", kind: "dir" as const },
    { path: "/srv/wf/data/wf.db", kind: "file" as const },
    { path: "/srv/other.db", kind: "file" as const },
    { path: "/tmp/wf-runs", kind: "dir" as const },
    { path: "/", kind: "dir" as const },
  ];

  it("hides each path once: nothing inside a hidden folder or /tmp, never /", () => {
    expect(effectiveHidden(hidden)).toEqual([
      { path: "/srv/wf/data", kind: "dir" },
      { path: "/srv/other.db", kind: "file" },
    ]);
  });

  it("mounts the root read-only, then hides, then shows the workspace, then makes the hidden folders read-only", () => {
    const ws = "/srv/wf/data/runs/run_1";
    const args = bwrapArgs({ workspace: ws, writable: true, network: true }, hidden);
    expect(args.slice(0, 9)).toEqual(["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"]);
    const tmpfs = indexOf(args, "--tmpfs", "/srv/wf/data");
    const file = indexOf(args, "--ro-bind", "/dev/null", "/srv/other.db");
    const workspace = indexOf(args, "--bind", ws, ws);
    const readOnly = indexOf(args, "--remount-ro", "/srv/wf/data");
    expect([tmpfs, file, workspace, readOnly].every((i) => i > 0)).toBe(true);
    expect(tmpfs).toBeLessThan(workspace);
    expect(workspace).toBeLessThan(readOnly);
    expect(args).toContain("--unshare-pid");
    expect(args).not.toContain("--unshare-net");
    expect(indexOf(args, "--cap-drop", "ALL")).toBeGreaterThan(0);
    expect(indexOf(args, "--chdir", ws)).toBeGreaterThan(0);
  });

  it("ro binds the workspace read-only; read-only paths and binds come after it; network false unshares it", () => {
    const ws = "/w";
    const args = bwrapArgs(
      {
        workspace: ws,
        writable: false,
        network: false,
        readOnly: ["/w/.git"],
        binds: [{ path: "/home/u/.agent", writable: true }, { path: "/etc/agent" }],
      },
      [],
    );
    expect(indexOf(args, "--ro-bind", ws, ws)).toBeGreaterThan(0);
    expect(indexOf(args, "--bind", ws, ws)).toBe(-1);
    expect(indexOf(args, "--ro-bind", "/w/.git", "/w/.git")).toBeGreaterThan(indexOf(args, "--ro-bind", ws, ws));
    expect(indexOf(args, "--bind", "/home/u/.agent", "/home/u/.agent")).toBeGreaterThan(0);
    expect(indexOf(args, "--ro-bind", "/etc/agent", "/etc/agent")).toBeGreaterThan(0);
    expect(args).toContain("--unshare-net");
  });

  it("without a workspace the process starts in its private /tmp", () => {
    const args = bwrapArgs({ writable: false, network: true }, []);
    expect(indexOf(args, "--chdir", "/tmp")).toBeGreaterThan(0);
    expect(args.filter((a) => a === "--bind")).toEqual([]);
  });
});
