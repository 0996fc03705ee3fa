import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { waitUntil } from "@/server/test-support/process-probe";
import { createEngineHarness, type EngineHarness } from "@/server/test-support/engine-harness";

let h: EngineHarness | undefined;
const leftovers: number[] = [];
afterEach(() => {
  for (const pid of leftovers.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  h?.close();
  h = undefined;
});

/**
 * Each attempt first reports any earlier attempt's process still alive, then leaves a child that
 * ignores SIGTERM with its output detached (so the shell's exit does not wait for it), and waits —
 * except the second attempt, which ends.
 */
const STUBBORN = [
  "for p in $(cat pids 2>/dev/null); do",
  "  if kill -0 $p 2>/dev/null && ! grep -q '^State:.*Z' /proc/$p/status 2>/dev/null; then echo \"alive $p\" >> report; fi",
  "done",
  "trap '' TERM",
  "sleep 30 >/dev/null 2>&1 &",
  "echo $! >> pids",
  "[ -f first ] && exit 0",
  "touch first",
  "wait",
].join("\n");

const pidsOf = (ws: string) =>
  fs.existsSync(path.join(ws, "pids"))
    ? fs.readFileSync(path.join(ws, "pids"), "utf8").trim().split("\n").filter(Boolean).map(Number)
    : [];

describe("cancel is clean: the old attempt's process group is gone before the node runs again", () => {
  it("a timed-out attempt's group is gone before its retry starts", async () => {
    h = createEngineHarness();
    //  A (times out once, retried)
    const t = buildTemplate().node("A", { args_template: STUBBORN, timeout_s: 0.3, retries: 1 }).done();
    const { runId } = h.engine.startRun({ template: t });
    const state = await h.engine.settled(runId);
    const ws = path.join(h.dir, "runs", runId);
    leftovers.push(...pidsOf(ws));
    expect(state.nodes.A).toMatchObject({ status: "done", attempts: 2 });
    expect(fs.existsSync(path.join(ws, "report"))).toBe(false);
  });

  it("after a cancel, a re-run of the node waits until the cancelled group is gone", async () => {
    h = createEngineHarness();
    //  A
    const t = buildTemplate().node("A", { args_template: STUBBORN }).done();
    const { runId } = h.engine.startRun({ template: t });
    const ws = path.join(h.dir, "runs", runId);
    // The first attempt has marked itself (`first`): the re-run is the second attempt, which ends.
    await waitUntil(() => pidsOf(ws).length === 1 && fs.existsSync(path.join(ws, "first")));
    h.engine.cancel(runId);
    // At once: the node is cancelled but its processes ignore SIGTERM for the grace period.
    h.engine.rerunFrom(runId, "A", true);
    const state = await h.engine.settled(runId);
    leftovers.push(...pidsOf(ws));
    expect(state.nodes.A.status).toBe("done");
    expect(fs.existsSync(path.join(ws, "report"))).toBe(false);
  });
});
