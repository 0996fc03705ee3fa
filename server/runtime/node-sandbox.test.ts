/**
 * The sandbox end to end, with real bubblewrap and real processes, through the server's own
 * composition root: what a node (shell command, command check, agent CLI) can and cannot reach.
 * The data folder lives outside /tmp, so the private /tmp alone would not hide it.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import type { Template } from "@/lib/workflow/model/template-schema";
import type { EnvVars } from "@/server/config/env-vars";
import { readServerConfig } from "@/server/config/server-config";
import { createServerDeps, type ServerDeps } from "@/server/runtime/server-deps";
import { secretKeyFile } from "@/server/secrets/secret-key";
import { callerAs } from "@/server/test-support/test-callers";

/** Values of the server's own environment that no node may ever see. */
const CANARY = {
  WF_API_TOKEN: "canary-api-token-7f3a",
  WF_ADMIN_PASSWORD: "canary-admin-password-91c2",
  WF_SECRET_KEY_CANARY: "canary-secret-key-55d0",
  OPENAI_API_KEY: "canary-openai-key-e41b",
};
const canaries = Object.values(CANARY);

const bwrapHere = fs.existsSync("/usr/bin/bwrap");
const base = fs.mkdtempSync(path.join(fs.existsSync("/var/tmp") ? "/var/tmp" : os.tmpdir(), "wf-sandbox-"));
const home = path.join(base, "home");
const agentDir = path.join(home, ".agent");
let open: ServerDeps[] = [];

/** The server's dependencies for a data folder of its own, built from `env` as the server builds them. */
function serverDeps(name: string, env: EnvVars = {}): ServerDeps {
  const data = path.join(base, name);
  fs.mkdirSync(data, { recursive: true });
  const config = readServerConfig({
    PATH: process.env.PATH,
    HOME: home,
    LANG: "C.UTF-8",
    WF_APP_ROOT: process.cwd(),
    WF_DATA_DIR: data,
    WF_API_TOKEN: CANARY.WF_API_TOKEN,
    WF_ADMIN_PASSWORD: CANARY.WF_ADMIN_PASSWORD,
    OPENAI_API_KEY: CANARY.OPENAI_API_KEY,
    ...env,
  });
  const deps = createServerDeps(config);
  open.push(deps);
  return deps;
}

async function run(deps: ServerDeps, template: Template, variables?: Record<string, string>) {
  const { runId } = deps.engine.startRun({ template, ...(variables ? { variables } : {}) });
  const state = await deps.engine.settled(runId);
  return { runId, state, workspace: path.join(deps.config.runsDir, runId) };
}

const shell = (args_template: string, fields: Record<string, unknown> = {}) =>
  buildTemplate()
    .node("A", { args_template, ...fields })
    .done();

beforeAll(() => {
  // The test process itself holds the canaries too: nothing may pass them on by inheritance.
  Object.assign(process.env, CANARY);
  fs.mkdirSync(path.join(home, ".ssh"), { recursive: true });
  fs.writeFileSync(path.join(home, ".ssh", "id_test"), "PRIVATE KEY\n");
  fs.mkdirSync(agentDir, { recursive: true });
  fs.writeFileSync(path.join(agentDir, "conf"), "agent-config-visible\n");
  // A stand-in for an agent CLI: prints what it can see.
  fs.writeFileSync(
    path.join(agentDir, "agent.sh"),
    [
      "cat > /dev/null",
      "env | sort",
      'echo "--- parent"',
      "tr '\\0' '\\n' < /proc/$PPID/environ",
      'echo "--- reach"',
      'cat "$HOME/.agent/conf"',
      'if ls "$HOME/.ssh" >/dev/null 2>&1; then echo "ssh:visible"; else echo "ssh:hidden"; fi',
      `if [ -e "${base}/agent/providers.json" ]; then echo "providers:visible"; else echo "providers:hidden"; fi`,
      'touch "$HOME/.agent/written" 2>/dev/null && echo "bind:writable" || echo "bind:read-only"',
      'touch "$WF_WORKSPACE/agent-was-here" && echo "workspace:writable"',
    ].join("\n"),
  );
});

afterAll(() => {
  for (const d of open) d.close();
  open = [];
  for (const k of Object.keys(CANARY)) delete process.env[k];
  fs.rmSync(base, { recursive: true, force: true });
});

describe.runIf(bwrapHere)("node processes in the bubblewrap sandbox", () => {
  it("a shell node cannot read the database or the key file, list or write another run, or write outside its workspace", async () => {
    const deps = serverDeps("reach");
    await deps.secrets.set("TOKEN", "s3cr3t-value"); // writes the key file
    const key = secretKeyFile(deps.config.dataDir);
    expect(fs.existsSync(key) && fs.existsSync(deps.config.dbPath)).toBe(true);
    const other = await run(deps, shell("echo mine > own.txt"));
    expect(other.state.status).toBe("succeeded");
    const probe = [
      `for f in ${deps.config.dbPath} ${key}; do if cat "$f" >/dev/null 2>&1; then echo "read:$f"; else echo "hidden:$f"; fi; done`,
      `if ls ${other.workspace} >/dev/null 2>&1; then echo other:listed; else echo other:hidden; fi`,
      `echo "runs:$(ls ${deps.config.runsDir} | tr '\\n' ' ')"`,
      `for d in ${other.workspace} ${deps.config.dataDir} ${deps.config.runsDir} /usr /etc "$HOME" ..; do`,
      `  if touch "$d/escaped" 2>/dev/null; then echo "wrote:$d"; else echo "refused:$d"; fi`,
      "done",
      "echo ok > mine.txt && echo own:written",
    ].join("\n");
    const r = await run(deps, shell(probe));
    expect(r.state.status).toBe("succeeded");
    const out = r.state.nodes.A.output!;
    expect(out).toContain(`hidden:${deps.config.dbPath}`);
    expect(out).toContain(`hidden:${key}`);
    expect(out).toContain("other:hidden");
    // The runs folder shows this run's workspace only.
    expect(out).toMatch(new RegExp(`^runs:${r.runId} $`, "m"));
    expect(out).not.toMatch(/^wrote:/m);
    expect(out.match(/^refused:/gm)).toHaveLength(7);
    expect(out).toContain("own:written");
    expect(fs.readFileSync(path.join(r.workspace, "mine.txt"), "utf8")).toBe("ok\n");
    for (const d of [other.workspace, deps.config.dataDir, deps.config.runsDir, home])
      expect(fs.existsSync(path.join(d, "escaped")), d).toBe(false);
  });

  it("sees no server process: its own PID namespace, and its parent's environment holds nothing secret", async () => {
    const deps = serverDeps("pids");
    const r = await run(
      deps,
      shell(
        [
          'echo "procs:$(ls /proc | grep -cE "^[0-9]+$")"',
          "echo \"ps:$(ps -e -o comm= | sort | tr '\\n' ' ')\"",
          `if [ -e /proc/${process.pid} ]; then echo test-process:visible; else echo test-process:absent; fi`,
          'echo "ppid:$PPID"',
          "tr '\\0' '\\n' < /proc/$PPID/environ",
        ].join("\n"),
      ),
    );
    const out = r.state.nodes.A.output!;
    expect(Number(/procs:(\d+)/.exec(out)![1])).toBeLessThan(8);
    expect(/^ps:(.*)$/m.exec(out)![1].trim().split(" ")).not.toContain("node");
    expect(out).toContain("test-process:absent");
    expect(out).toContain("ppid:1");
    for (const c of canaries) expect(out).not.toContain(c);
  });

  it("an ro node cannot write in its workspace; forbids_files that exist are read-only", async () => {
    const deps = serverDeps("tiers");
    const t = buildTemplate()
      .node("W", { args_template: "echo original > keep.txt" })
      .node("R", {
        type: "checkpoint",
        tier: "ro",
        checks: [{ type: "command", run: "touch ro-marker" }],
      })
      .node("F", { args_template: "echo changed > keep.txt", forbids_files: ["keep.txt"] })
      .chain("W", "R")
      .chain("W", "F")
      .done();
    const r = await run(deps, t);
    expect(r.state.nodes.R.status).toBe("failed");
    expect(r.state.nodes.R.error).toMatch(/check/);
    expect(fs.existsSync(path.join(r.workspace, "ro-marker"))).toBe(false);
    expect(r.state.nodes.F.status).toBe("failed");
    expect(r.state.nodes.F.error).toMatch(/Read-only file system/);
    expect(fs.readFileSync(path.join(r.workspace, "keep.txt"), "utf8")).toBe("original\n");
  });

  it("below tier git, .git is read-only: the sandbox's own error fails the node; tier git commits", async () => {
    const deps = serverDeps("git");
    const git = "git -c user.email=t@example.com -c user.name=t commit -q --allow-empty -m";
    const t = buildTemplate()
      .node("Init", { args_template: `git init -q . && ${git} one && echo committed`, tier: "git" })
      // Spelled as a path, git slips past the start's tier check: the sandbox alone holds .git read-only.
      .node("Low", { args_template: `/usr/bin/${git} two`, tier: "rwx" })
      .chain("Init", "Low")
      .done();
    const r = await run(deps, t);
    expect(r.state.nodes.Init.output).toBe("committed");
    expect(r.state.nodes.Low.status).toBe("failed");
    expect(r.state.nodes.Low.error).toMatch(/Read-only file system|Unable to create/);
  });

  it("network: false cannot connect to a server on 127.0.0.1; without it the node can", async () => {
    const server = http.createServer((_req, res) => res.end("hi"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const connect = `if bash -c 'exec 3<>/dev/tcp/127.0.0.1/${port}' 2>/dev/null; then echo connected; else echo refused; fi`;
      const deps = serverDeps("net");
      const t = buildTemplate()
        .node("Off", { args_template: connect, network: false })
        .node("On", { args_template: connect })
        .done();
      const r = await run(deps, t);
      expect(r.state.nodes.Off.output).toBe("refused");
      expect(r.state.nodes.On.output).toBe("connected");
    } finally {
      server.close();
    }
  });

  it("an agent CLI sees its declared binds only and an environment as small as a shell node's", async () => {
    const providersFile = path.join(base, "agent", "providers.json");
    fs.mkdirSync(path.dirname(providersFile), { recursive: true });
    fs.writeFileSync(
      providersFile,
      JSON.stringify({
        providers: {
          fake: { kind: "cli", command: ["/bin/sh", path.join(agentDir, "agent.sh")], binds: ["~/.agent"] },
          missing: { kind: "cli", command: ["/bin/true"], binds: ["~/.nope"] },
        },
      }),
    );
    const deps = serverDeps("agent", { WF_PROVIDERS_FILE: providersFile });
    await deps.secrets.set("TOKEN", "agent-secret-value");
    const t: Template = {
      ...buildTemplate()
        .node("A", { type: "agent", provider: "fake", prompt: "use {secrets.TOKEN} on {topic}" })
        .node("M", { type: "agent", provider: "missing", prompt: "x" })
        .done(),
      context_schema: { topic: { type: "string", required: true } },
    };
    const r = await run(deps, t, { topic: "sandboxes" });
    expect(r.state.nodes.A.status).toBe("done");
    const out = r.state.nodes.A.output!;
    const [env, parent, reach] = out.split(/^--- \w+$/m);
    const names = env
      .split("\n")
      .filter((l) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(l))
      .map((l) => l.slice(0, l.indexOf("=")));
    const allowed = new Set([
      "PATH",
      "HOME",
      "LANG",
      "PWD",
      "TOKEN",
      "topic",
      "WF_RUN_ID",
      "WF_NODE_ID",
      "WF_WORKSPACE",
    ]);
    expect(names.filter((n) => !allowed.has(n))).toEqual([]);
    expect(names).toEqual(expect.arrayContaining(["topic", "TOKEN", "WF_RUN_ID"]));
    for (const c of canaries) expect(out).not.toContain(c);
    expect(parent).not.toMatch(/WF_API_TOKEN|WF_ADMIN_PASSWORD|OPENAI_API_KEY/);
    expect(reach).toContain("agent-config-visible");
    expect(reach).toContain("ssh:hidden");
    expect(reach).toContain("providers:hidden");
    expect(reach).toContain("bind:read-only");
    expect(reach).toContain("workspace:writable");
    expect(fs.existsSync(path.join(r.workspace, "agent-was-here"))).toBe(true);
    expect(r.state.nodes.M.status).toBe("failed");
    expect(r.state.nodes.M.error).toMatch(/bind ~\/\.nope \(providers\.missing\.binds\[0\]\) does not exist/);
  });

  it("sandboxed status reaches health", async () => {
    const deps = serverDeps("health-on");
    const ping = await callerAs(deps, ["viewer"]).health.ping();
    expect(ping.sandbox).toMatchObject({ mode: "auto", sandboxed: true });
    expect(ping.sandbox.summary).toContain("sandboxed with bubblewrap");
  });
});

describe("without bubblewrap", () => {
  it("WF_SANDBOX=require fails the node with the reason and starts nothing", async () => {
    const deps = serverDeps("require", { WF_SANDBOX: "require", WF_BWRAP: "/nonexistent/bwrap" });
    const r = await run(deps, shell("touch ran"));
    expect(r.state.nodes.A.status).toBe("failed");
    expect(r.state.nodes.A.error).toMatch(/WF_SANDBOX=require/);
    expect(r.state.nodes.A.error).toContain("/nonexistent/bwrap");
    expect(r.state.nodes.A.error).toContain("apt-get install bubblewrap");
    expect(fs.existsSync(path.join(r.workspace, "ran"))).toBe(false);
  });

  it("auto runs the node bare and says it is not sandboxed (health); the helper's environment holds no secret", async () => {
    const deps = serverDeps("auto", { WF_BWRAP: "/nonexistent/bwrap" });
    const r = await run(deps, shell("touch ran; tr '\\0' '\\n' < /proc/$PPID/environ"));
    expect(r.state.nodes.A.status).toBe("done");
    expect(fs.existsSync(path.join(r.workspace, "ran"))).toBe(true);
    // The parent is the spawner helper, started with the allowlisted variables only.
    for (const c of canaries) expect(r.state.nodes.A.output).not.toContain(c);
    const ping = await callerAs(deps, ["viewer"]).health.ping();
    expect(ping.sandbox).toMatchObject({ mode: "auto", sandboxed: false });
    expect(ping.sandbox.summary).toMatch(/^not sandboxed: .*\/nonexistent\/bwrap/);
    expect(deps.sandbox.status.summary).toContain("node processes run bare");
  });

  it("a WF_SANDBOX value that is none of auto, require, off is refused, naming the variable", () => {
    expect(() => readServerConfig({ WF_SANDBOX: "maybe" })).toThrow(
      /WF_SANDBOX is "maybe": write auto, require or off/,
    );
  });
});
