/**
 * The process that leads the runs SIGKILLed while it runs a node (a real child process on the same PostgreSQL
 * database and data folder; the follower in this process): the follower takes the lead within a third of
 * WF_WORKER_LOST_S, resumes the run — the node that was running is interrupted and its retry runs here — and the
 * run succeeds, with one interruption, one retry and one end.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { afterEach, describe, expect, it } from "vitest";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { cookieOf } from "@/server/test-support/http-calls";
import { data, PgTestServers } from "@/server/test-support/pg-test-servers";
import { createTestDatabase } from "@/server/test-support/test-database";
import { until } from "@/server/test-support/until";

const servers = new PgTestServers();
const children: ReturnType<typeof spawn>[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  await servers.cleanup();
});

describe("the leading server's process killed", () => {
  it("mid-node: the follower takes over, the node's retry runs there, the run succeeds", async () => {
    servers.database = await createTestDatabase({ migrate: false });
    servers.dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-pg-kill-"));
    const script = path.join(import.meta.dirname, "..", "test-support", "pg-serve-process.ts");
    const leader = spawn(process.execPath, ["--import", "tsx", script, servers.database.url, servers.dir], {
      cwd: process.cwd(),
      stdio: ["ignore", "pipe", "ignore"],
    });
    children.push(leader);
    await new Promise<string>((resolve, reject) => {
      readline.createInterface({ input: leader.stdout! }).once("line", resolve);
      leader.once("exit", (code) => reject(new Error(`the leading server exited (${code}) before it listened`)));
    });
    const follower = await servers.serve();
    expect(follower.deps.leadership!.leading).toBe(false);
    const admin = cookieOf(
      await follower.call.post("auth.setup", { email: "admin@example.com", password: "admin-password" }),
    );
    const template = buildTemplate()
      .with({ template_id: "killed", name: "Killed" })
      .node("S", { args_template: "echo try >> tries; sleep 1; printf done", retries: 1 })
      .done();
    await data(await follower.call.post("template.save", { template }, admin));
    const { runId } = await data(await follower.call.post("run.start", { templateId: "killed" }, admin));
    // Running in the leader's process (its attempt wrote its line).
    const tries = path.join(servers.dir, "runs", runId, "tries");
    await until(
      async () => fs.existsSync(tries),
      (there) => there,
    );
    const exited = new Promise((r) => leader.once("exit", r));
    leader.kill("SIGKILL");
    await exited;
    await until(
      async () => follower.deps.leadership!.leading,
      (leading) => leading,
    );
    const { state } = await until(
      async () => (await follower.deps.runStore.loadRun(runId))!,
      (r) => r.state.status === "succeeded",
    );
    expect(state.nodes.S).toMatchObject({ status: "done", attempts: 2, output: "done" });
    expect(fs.readFileSync(tries, "utf8")).toBe("try\ntry\n");
    const types = (await follower.deps.runStore.eventsAfter(runId, 0)).map((e) => e.event.type);
    expect(types.filter((t) => t === "node.interrupted")).toHaveLength(1);
    expect(types.filter((t) => t === "run.finished")).toHaveLength(1);
  });
});
