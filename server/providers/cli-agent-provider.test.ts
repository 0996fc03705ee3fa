import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AgentProviderError } from "./agent-provider-error";
import { createCliAgentProvider } from "./cli-agent-provider";
import { processesOfRun, waitUntil } from "@/server/test-support/process-probe";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "wf-cli-agent-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("CLI agent provider with real commands", () => {
  it("sends the prompt on stdin and answers with stdout (cat)", async () => {
    const provider = createCliAgentProvider({ name: "cat", command: "cat" });
    const chunks: string[] = [];
    const res = await provider.complete({ prompt: "hello agent", onChunk: (c) => chunks.push(c) });
    expect(res.text).toBe("hello agent");
    expect(chunks.join("")).toBe("hello agent");
  });

  it("puts the system text before the prompt and runs in the given folder (node one-liner)", async () => {
    const command = `node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>console.log(process.cwd()+'|'+s.toUpperCase()))"`;
    const provider = createCliAgentProvider({ name: "node", command });
    const res = await provider.complete({ prompt: "do it", system: "rules", cwd: dir });
    expect(res.text).toBe(`${dir}|RULES\n\nDO IT`);
  });

  it("rejects a non-zero exit with its stderr", async () => {
    const provider = createCliAgentProvider({ name: "bad", command: ["sh", "-c", "echo nope >&2; exit 3"] });
    const err = (await provider.complete({ prompt: "x" }).catch((e: unknown) => e)) as AgentProviderError;
    expect(err).toBeInstanceOf(AgentProviderError);
    expect(err.reason).toBe("exit");
    expect(err.message).toContain("exit code 3");
    expect(err.message).toContain("nope");
  });

  it("does not fail when the agent exits without reading its stdin", async () => {
    const provider = createCliAgentProvider({ name: "echo", command: "echo ok" });
    expect((await provider.complete({ prompt: "x".repeat(1 << 20) })).text).toBe("ok");
  });

  it("times out and kills the whole process group", async () => {
    const provider = createCliAgentProvider({
      name: "slow",
      command: ["sh", "-c", "sleep 30 & touch started; wait"],
      timeoutMs: 1000,
    });
    // The environment marks its processes (a pid written inside the sandbox is its namespace's own).
    const runId = `probe-${path.basename(dir)}`;
    const pending = provider
      .complete({ prompt: "x", cwd: dir, env: { PATH: process.env.PATH, WF_RUN_ID: runId } })
      .catch((e: unknown) => e);
    await waitUntil(() => existsSync(path.join(dir, "started")));
    expect(processesOfRun(runId).length).toBeGreaterThan(0);
    const err = (await pending) as AgentProviderError;
    expect(err.reason).toBe("timeout");
    expect(await waitUntil(() => processesOfRun(runId).length === 0)).toBe(true);
  });

  it("runs an argument vector, never a shell: the prompt and the words are data", async () => {
    const marker = path.join(dir, "PWNED");
    const provider = createCliAgentProvider({ name: "printf", command: ["printf", "%s|", `$(touch ${marker})`] });
    const res = await provider.complete({ prompt: `$(touch ${marker})` });
    expect(res.text).toBe(`$(touch ${marker})|`);
    expect(existsSync(marker)).toBe(false);
  });

  it("splits a string into plain words and refuses shell syntax in it", async () => {
    expect(
      (await createCliAgentProvider({ name: "p", command: "printf '%s' 'a b'" }).complete({ prompt: "" })).text,
    ).toBe("a b");
    const err = (await createCliAgentProvider({ name: "p", command: "cat; id" })
      .complete({ prompt: "" })
      .catch((e: unknown) => e)) as AgentProviderError;
    expect(err.reason).toBe("spawn");
    expect(err.message).toMatch(/only plain words/);
  });

  it("stops when the abort signal fires", async () => {
    const provider = createCliAgentProvider({ name: "slow", command: "sleep 30" });
    const ac = new AbortController();
    const pending = provider.complete({ prompt: "x", signal: ac.signal }).catch((e: unknown) => e);
    setTimeout(() => ac.abort(), 100);
    expect(((await pending) as AgentProviderError).reason).toBe("aborted");
  });
});
