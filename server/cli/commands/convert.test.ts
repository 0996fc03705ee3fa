/** `wf convert` in-process through main(), on real files in a temp folder. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importWorkflow } from "@/lib/formats/import-workflow";
import { main } from "@/server/cli/main";
import { captureIo } from "@/server/test-support/capture-io";

let dir: string;
const file = (name: string) => path.join(dir, name);
// plan ──▶ build ──▶ ship
const MERMAID =
  "flowchart LR\n  plan[Plan] --> build[Build|type=tool] --> ship{Ship?}\n  ship -->|yes| done[Done]\n  ship -->|no| fix[Fix]\n";

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-convert-"));
  fs.writeFileSync(file("flow.mmd"), MERMAID);
  fs.writeFileSync(file("broken.mmd"), "flowchart LR\n  a -> b\n");
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function convert(args: string[]) {
  const io = captureIo();
  const code = await main(["node", "wf", "convert", ...args], io);
  return { code, stdout: io.stdout.join("\n"), stderr: io.stderr.join("\n") };
}

describe("wf convert", () => {
  it("--to json prints the template object", async () => {
    const r = await convert([file("flow.mmd"), "--to", "json"]);
    expect(r.code).toBe(0);
    const t = JSON.parse(r.stdout);
    expect(t.nodes.map((n: { id: string; type: string }) => `${n.id}:${n.type}`)).toEqual([
      "plan:agent",
      "build:shell",
      "ship:gate",
      "done:agent",
      "fix:agent",
    ]);
  });

  it("mermaid → yaml → json → mermaid keeps the graph", async () => {
    const yaml = await convert([file("flow.mmd"), "--to", "yaml"]);
    expect(yaml.code).toBe(0);
    fs.writeFileSync(file("flow.yaml"), yaml.stdout);
    const json = await convert([file("flow.yaml"), "--to", "json"]);
    expect(json.code).toBe(0);
    fs.writeFileSync(file("flow.json"), json.stdout);
    const mermaid = await convert([file("flow.json"), "--to", "mermaid"]);
    expect(mermaid.code).toBe(0);
    const a = importWorkflow({ filename: "a.mmd", text: MERMAID }).template!;
    const b = importWorkflow({ filename: "b.mmd", text: mermaid.stdout }).template!;
    expect(b.edges).toEqual(a.edges);
    expect(b.nodes.map((n) => [n.id, n.type, n.name])).toEqual(a.nodes.map((n) => [n.id, n.type, n.name]));
  });

  it("--to ascii prints the pipeline", async () => {
    const r = await convert([file("flow.mmd"), "--to", "ascii"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("flow");
  });

  it("--inject-checkpoints adds checkpoints only when asked, and is idempotent", async () => {
    // plan ─[Plan phase]─▶ build ─[Build phase]─▶ ship
    fs.writeFileSync(
      file("phases.mmd"),
      "flowchart LR\n  subgraph p1 [Plan]\n    plan[Write the plan]\n  end\n  subgraph p2 [Build]\n    build[Build it|type=tool]\n  end\n  plan --> build\n",
    );
    const plain = JSON.parse((await convert([file("phases.mmd"), "--to", "json"])).stdout);
    expect(plain.nodes.some((n: { type: string }) => n.type === "checkpoint")).toBe(false);
    const r = await convert([file("phases.mmd"), "--to", "json", "--inject-checkpoints"]);
    expect(r.code).toBe(0);
    const once = JSON.parse(r.stdout);
    expect(once.nodes.filter((n: { type: string }) => n.type === "checkpoint").length).toBeGreaterThan(0);
    expect(r.stderr).toMatch(/injected CP-\d+ \(/);
    fs.writeFileSync(file("once.json"), r.stdout);
    const twice = JSON.parse((await convert([file("once.json"), "--to", "json", "--inject-checkpoints"])).stdout);
    expect(twice).toEqual(once);
  });

  it("invalid input → exit 1 with diagnostics on stderr and nothing on stdout", async () => {
    const r = await convert([file("broken.mmd"), "--to", "json"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("broken.mmd:2:5: error MM001");
  });

  it("bad --to, missing --to, missing file → exit 2", async () => {
    expect((await convert([file("flow.mmd"), "--to", "svg"])).code).toBe(2);
    expect((await convert([file("flow.mmd")])).code).toBe(2);
    expect((await convert([file("nope.mmd"), "--to", "json"])).code).toBe(2);
  });
});
