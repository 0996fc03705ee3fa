import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CliIo } from "@/server/cli/io/cli-io";
import { main } from "@/server/cli/main";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-run-scen-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

async function run(template: unknown, ...args: string[]) {
  const file = path.join(dir, "t.json");
  fs.writeFileSync(file, JSON.stringify(template));
  const stdout: string[] = [];
  const stderr: string[] = [];
  const io: CliIo = { out: (t) => stdout.push(t), err: (t) => stderr.push(t) };
  const code = await main(["node", "wf", "run", file, "--json", ...args], io);
  const json = JSON.parse(stdout.join("")) as {
    run: { status: string };
    nodes: { id: string; status: string; attempts: number; output?: string; error?: string }[];
  };
  return { code, json, stderr: stderr.join("\n") };
}

describe("wf run scenarios", () => {
  it("a --var with shell syntax arrives as a literal string in a double-quoted reference", async () => {
    //  A
    const marker = path.join(dir, "pwned");
    const r = await run(
      {
        template_id: "q",
        name: "Quote",
        context_schema: { msg: { type: "string", required: true } },
        nodes: [{ id: "A", name: "Say", type: "shell", args_template: 'echo "said: {msg}"' }],
        edges: [],
      },
      "--var",
      `msg='; rm -rf /; $(touch ${marker})`,
    );
    expect(r.code).toBe(0);
    expect(r.json.nodes[0].output).toBe(`said: '; rm -rf /; $(touch ${marker})`);
    expect(fs.existsSync(marker)).toBe(false);
  });

  it("--answer NODE=reject fails a human node and its on_fail (skip) applies downstream", async () => {
    //  H (human, skip) → A ;  B
    const r = await run(
      {
        template_id: "rej",
        name: "Reject",
        nodes: [
          { id: "H", name: "Ask", type: "human", prompt: "ok?", on_fail: "skip" },
          { id: "A", name: "After", type: "shell", args_template: "echo a" },
          { id: "B", name: "Other", type: "shell", args_template: "echo b" },
        ],
        edges: [{ from: "H", to: "A" }],
      },
      "--answer",
      "H=reject",
    );
    expect(r.code).toBe(0);
    expect(r.json.nodes.map((n) => [n.id, n.status])).toEqual([
      ["H", "skipped"],
      ["A", "skipped"],
      ["B", "done"],
    ]);
  });

  it("a missing required variable is never guessed; a default fills an optional one", async () => {
    //  A
    const t = {
      template_id: "vars",
      name: "Vars",
      context_schema: {
        env: { type: "string", required: true },
        region: { type: "string", default: "eu" },
      },
      nodes: [{ id: "A", name: "Show", type: "shell", args_template: "echo {env}/{region}" }],
      edges: [],
    };
    const missing = await run(t);
    expect(missing.code).toBe(1);
    expect(missing.json.nodes).toEqual([]);
    expect(missing.stderr).toMatch(/RUN006/);
    const given = await run(t, "--var", "env=prod");
    expect(given.json.nodes[0].output).toBe("prod/eu");
  });
});
