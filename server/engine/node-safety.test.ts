import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { createEngineHarness, type EngineHarness } from "@/server/test-support/engine-harness";
import { confinePath, WorkspaceEscapeError } from "@/server/engine/confinement/workspace";
import { processesOfRun, waitUntil } from "@/server/test-support/process-probe";
import { readServerConfig } from "@/server/config/server-config";
import { createProcessSandbox } from "@/server/sandbox/process-sandbox";
import { RunInputError } from "./engine-errors";

let h: EngineHarness | undefined;
afterEach(() => {
  h?.close();
  h = undefined;
});

/** Node processes started bare (WF_SANDBOX=off): tiers are then read from the command line. */
const bare = createProcessSandbox({ ...readServerConfig({ PATH: process.env.PATH }).processes, sandbox: "off" });

async function runOne(fields: Record<string, unknown>, sandbox?: typeof bare) {
  h = createEngineHarness(sandbox ? { sandbox } : {});
  //  A
  const { runId } = h.engine.startRun({ template: buildTemplate().node("A", fields).done() });
  return { runId, state: await h.engine.settled(runId) };
}

describe("timeouts, cancel, tiers, forbidden files, workspace", () => {
  it("a timeout fails the node with RUN014 and kills its process group", async () => {
    h = createEngineHarness();
    const t = buildTemplate().node("A", { args_template: "sleep 30 & touch started; wait", timeout_s: 1 }).done();
    const { runId } = h.engine.startRun({ template: t });
    await waitUntil(() => fs.existsSync(path.join(h!.dir, "runs", runId, "started")));
    expect(processesOfRun(runId).length).toBeGreaterThan(0);
    const state = await h.engine.settled(runId);
    expect(state.nodes.A.status).toBe("failed");
    expect(state.nodes.A.error).toMatch(/timed out/);
    await waitUntil(() => processesOfRun(runId).length === 0);
    expect(processesOfRun(runId)).toEqual([]);
  });

  it("cancel kills the whole process group; nothing is left running", async () => {
    h = createEngineHarness();
    //  A ;  B (both long)
    const t = buildTemplate()
      .node("A", { args_template: "sleep 30 & touch a.started; wait" })
      .node("B", { args_template: "sh -c 'sleep 30' & touch b.started; wait" })
      .done();
    const { runId } = h.engine.startRun({ template: t });
    const ws = path.join(h.dir, "runs", runId);
    await waitUntil(() => ["a.started", "b.started"].every((f) => fs.existsSync(path.join(ws, f))));
    // A's shell and sleep; B's shell, inner shell and sleep.
    expect(processesOfRun(runId).length).toBeGreaterThanOrEqual(4);
    expect(h.engine.cancel(runId)).toBe(true);
    const state = await h.engine.settled(runId);
    expect(state.status).toBe("cancelled");
    expect([state.nodes.A.status, state.nodes.B.status]).toEqual(["cancelled", "cancelled"]);
    await waitUntil(() => processesOfRun(runId).length === 0);
    expect(processesOfRun(runId)).toEqual([]);
  });

  it("bare, a declared tier below what the node does is refused at start, and fails the node if it slipped through (shell on rw, git below git)", async () => {
    // A run stored without the start's checks (an older version stored it) and resumed.
    const slipped = async (fields: Record<string, unknown>) => {
      h = createEngineHarness({ sandbox: bare });
      const t = buildTemplate().node("A", fields).done();
      expect(() => h!.engine.startRun({ template: t })).toThrow(RunInputError);
      const runId = h.storeUnchecked(t);
      h.engine.resumeRun(runId);
      return { runId, state: await h.engine.settled(runId) };
    };
    const rw = await slipped({ args_template: "echo hi", tier: "rw" });
    expect(rw.state.nodes.A.error).toMatch(/needs tier rwx/);
    h!.close();
    const git = await slipped({ args_template: "git status", tier: "rwx" });
    expect(git.state.nodes.A.error).toMatch(/needs tier git/);
    h!.close();
    const ok = await runOne({ args_template: "echo hi", tier: "rwx" }, bare);
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
