/**
 * `wf run` with workflow nodes whose children are files: paths relative to the calling file (also from a
 * child's own file), the child's progress indented under its node, `--json` nesting the child's result.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { main } from "@/server/cli/main";
import { captureIo } from "@/server/test-support/capture-io";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-subwf-"));
  fs.mkdirSync(path.join(dir, "lib"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const write = (rel: string, value: unknown) => fs.writeFileSync(path.join(dir, rel), JSON.stringify(value));

function files(leafCommand = "echo leaf {word}") {
  write("leaf.json", {
    template_id: "leaf",
    name: "Leaf",
    context_schema: { word: { type: "string" } },
    nodes: [{ id: "L1", name: "Say", type: "shell", args_template: leafCommand }],
  });
  // lib/child.json calls ../leaf.json: relative to its own file, not to the parent's.
  write("lib/child.json", {
    template_id: "child",
    name: "Child",
    context_schema: { who: { type: "string" } },
    outputs: { greeting: "{C2.output}" },
    nodes: [
      { id: "C1", name: "Call leaf", type: "workflow", template: "../leaf.json", inputs: { word: "{who}" } },
      { id: "C2", name: "Greet", type: "shell", args_template: "echo hi {who} after {C1.output}" },
    ],
    edges: [{ from: "C1", to: "C2" }],
  });
  write("parent.json", {
    template_id: "parent",
    name: "Parent",
    nodes: [
      { id: "W", name: "Call child", type: "workflow", template: "lib/child.json", inputs: { who: "ann" } },
      { id: "B", name: "After", type: "shell", args_template: "echo got {W.greeting}" },
    ],
    edges: [{ from: "W", to: "B" }],
  });
}

async function run(...args: string[]) {
  const io = captureIo();
  const code = await main(["node", "wf", "run", path.join(dir, "parent.json"), ...args], io);
  return { code, io };
}

describe("wf run with sub-workflows", () => {
  it("prints each child's progress indented under its workflow node, in order", async () => {
    files();
    const { code, io } = await run();
    expect(code).toBe(0);
    const lines = io.stderr.filter((l) => !l.includes("═") && !l.startsWith("wf:"));
    const at = (text: string) => lines.findIndex((l) => l.includes(text));
    expect(lines[at("Call child")]).toMatch(/^▶/);
    expect(lines[at("Call leaf")]).toMatch(/^ {4}▶/);
    expect(lines[at("Say")]).toMatch(/^ {8}▶/);
    expect(at("Say — done")).toBeLessThan(at("Call leaf — done"));
    expect(at("Greet — done")).toBeLessThan(at("Call child — done"));
    expect(at("Call child — done")).toBeLessThan(at("After — done"));
  });

  it("--json nests each child's result under its node, with the run's outputs", async () => {
    files();
    const { code, io } = await run("--json");
    expect(code).toBe(0);
    const out = JSON.parse(io.stdout[0]);
    // The parent declares no outputs: its run object keeps the plain shape.
    expect(out.run).toEqual({ id: expect.any(String), status: "succeeded" });
    const w = out.nodes.find((n: { id: string }) => n.id === "W");
    expect(w.childRunId).toBe(w.child.run.id);
    expect(w.child.run).toMatchObject({
      status: "succeeded",
      outputs: { greeting: 'hi ann after {"output":"leaf ann"}' },
    });
    expect(w.child.nodes[0].child.nodes).toEqual([{ id: "L1", status: "done", attempts: 1, output: "leaf ann" }]);
  });

  it("a failing grandchild fails the chain with each level's reason, exit 1", async () => {
    files("echo nope >&2; exit 4");
    const { code, io } = await run("--json");
    expect(code).toBe(1);
    const out = JSON.parse(io.stdout[0]);
    expect(out.run.status).toBe("failed");
    expect(out.nodes[0].error).toMatch(/child run run_\S+ failed: .*C1.*child run run_\S+ failed: .*exit code 4/);
  });

  it("a child file that does not exist: the run is not started, the message names the node and the file", async () => {
    files();
    fs.rmSync(path.join(dir, "lib/child.json"));
    const { code, io } = await run();
    expect(code).toBe(1);
    expect(io.stderr.join("\n")).toMatch(
      /RUN042: workflow node W: no template "lib\/child.json".*\(node W, field template\)/s,
    );
  });
});
