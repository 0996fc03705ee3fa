import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { createEngineHarness, type EngineHarness } from "@/server/test-support/engine-harness";
import { confinePath, WorkspaceEscapeError } from "./workspace";
import { isAlive, waitUntil } from "@/server/test-support/process-probe";

let h: EngineHarness | undefined;
afterEach(() => {
  h?.close();
  h = undefined;
});

async function runOne(fields: Record<string, unknown>) {
  h = createEngineHarness();
  //  A
  const { runId } = h.engine.startRun({ template: buildTemplate().node("A", fields).done() });
  return { runId, state: await h.engine.settled(runId) };
}

describe("timeouts, cancel, tiers, forbidden files, workspace", () => {
  it("a timeout fails the node with RUN014 and kills its process group", async () => {
    const { runId, state } = await runOne({ args_template: "sleep 30 & echo $! > child; wait", timeout_s: 0.3 });
    expect(state.nodes.A.status).toBe("failed");
    expect(state.nodes.A.error).toMatch(/timed out/);
    const child = Number(fs.readFileSync(path.join(h!.dir, "runs", runId, "child"), "utf8"));
    await waitUntil(() => !isAlive(child));
    expect(isAlive(child)).toBe(false);
  });

  it("cancel kills the whole process group; nothing is left running", async () => {
    h = createEngineHarness();
    //  A ;  B (both long)
    const t = buildTemplate()
      .node("A", { args_template: "sleep 30 & echo $! > a.child; echo $$ > a.sh; wait" })
      .node("B", { args_template: "sh -c 'sleep 30' & echo $! > b.child; wait" })
      .done();
    const { runId } = h.engine.startRun({ template: t });
    const ws = path.join(h.dir, "runs", runId);
    await waitUntil(() =>
      ["a.child", "a.sh", "b.child"].every(
        (f) => fs.existsSync(path.join(ws, f)) && fs.readFileSync(path.join(ws, f), "utf8").trim() !== "",
      ),
    );
    const pids = ["a.child", "a.sh", "b.child"].map((f) => Number(fs.readFileSync(path.join(ws, f), "utf8")));
    expect(pids.every(isAlive)).toBe(true);
    expect(h.engine.cancel(runId)).toBe(true);
    const state = await h.engine.settled(runId);
    expect(state.status).toBe("cancelled");
    expect([state.nodes.A.status, state.nodes.B.status]).toEqual(["cancelled", "cancelled"]);
    await waitUntil(() => !pids.some(isAlive));
    expect(pids.filter(isAlive)).toEqual([]);
  });

  it("a declared tier below what the node does fails it (shell on rw, git below git)", async () => {
    const rw = await runOne({ args_template: "echo hi", tier: "rw" });
    expect(rw.state.nodes.A.error).toMatch(/needs tier rwx/);
    h!.close();
    const git = await runOne({ args_template: "git status", tier: "rwx" });
    expect(git.state.nodes.A.error).toMatch(/needs tier git/);
    h!.close();
    const ok = await runOne({ args_template: "echo hi", tier: "rwx" });
    expect(ok.state.nodes.A.status).toBe("done");
  });

  it("creating a file that matches forbids_files fails the node", async () => {
    const bad = await runOne({ args_template: "mkdir -p k && touch k/secret.pem ok.txt", forbids_files: ["*.pem"] });
    expect(bad.state.nodes.A.status).toBe("failed");
    expect(bad.state.nodes.A.error).toMatch(/forbidden files: k\/secret.pem/);
    h!.close();
    const fine = await runOne({ args_template: "touch ok.txt", forbids_files: ["*.pem"] });
    expect(fine.state.nodes.A.status).toBe("done");
  });

  it("paths are confined to the workspace: no .., no absolute escape, no symlink escape", async () => {
    const { runId } = await runOne({ args_template: "ln -s /etc out; ln -s /nonexistent/x dangling; mkdir sub" });
    const ws = path.join(h!.dir, "runs", runId);
    expect(confinePath(ws, "sub/file.txt")).toBe(path.join(fs.realpathSync(ws), "sub/file.txt"));
    for (const p of ["../x", "/etc/passwd", "out/passwd", "dangling", "sub/../../x"])
      expect(() => confinePath(ws, p), p).toThrow(WorkspaceEscapeError);
    const viaCheck = await (async () => {
      h!.close();
      return runOne({ args_template: "ln -s /etc/hostname host", checks: [{ type: "file_exists", path: "host" }] });
    })();
    expect(viaCheck.state.nodes.A.status).toBe("failed");
    expect(viaCheck.state.nodes.A.error).toMatch(/leaves the run's workspace/);
  });
});
