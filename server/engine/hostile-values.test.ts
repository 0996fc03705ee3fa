import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import {
  HOSTILE_VALUES,
  MARKER,
  SHELL_CONTEXTS,
  commandFor,
  largeValue,
  outFile,
} from "@/server/test-support/shell-contexts";
import { ExecutorCatalogSchema } from "@/lib/describe/executor-catalog-schema";
import { createEngineHarness, type EngineHarness } from "@/server/test-support/engine-harness";
import { RunInputError } from "./engine-errors";
import { loadExecutorCatalog } from "@/server/catalog/load-executor-catalog";

let h: EngineHarness | undefined;
afterEach(() => {
  h?.close();
  h = undefined;
});

const nodeIdOf = (name: string) => name.replace(/[^\w-]/g, "_");

/**
 * One run per value: every context is a node of its own, all in parallel
 *   unquoted   single   double   …   trap
 */
function contextsTemplate() {
  const b = buildTemplate().with({ context_schema: { x: { type: "string", required: false } } });
  // skip: one refused node must not stop the others.
  for (const c of SHELL_CONTEXTS) b.node(nodeIdOf(c.name), { args_template: commandFor(c), on_fail: "skip" });
  return b.done();
}

async function runValue(shell: string, x: string) {
  const { runId } = h!.engine.startRun({ template: contextsTemplate(), variables: { x } });
  const state = await h!.engine.settled(runId);
  return { state, workspace: path.join(h!.dir, "runs", runId) };
}

describe("hostile values through the real engine (docs/engine.md: a value never becomes shell syntax)", () => {
  for (const shell of ["/bin/sh", "/bin/bash"]) {
    it(`${shell}: every hostile value arrives byte for byte in every context; no marker file`, async () => {
      h = createEngineHarness({ shell });
      for (const x of HOSTILE_VALUES) {
        const { state, workspace } = await runValue(shell, x);
        for (const c of SHELL_CONTEXTS) {
          const node = state.nodes[nodeIdOf(c.name)];
          expect({ value: x, context: c.name, status: node.status, error: node.error }).toMatchObject({
            status: "done",
          });
          const got = fs.readFileSync(path.join(workspace, outFile(c)));
          expect({ value: x, context: c.name, got: got.toString("utf8") }).toEqual({
            value: x,
            context: c.name,
            got: c.expect(x),
          });
          expect(got.equals(Buffer.from(c.expect(x), "utf8"))).toBe(true);
        }
        expect(fs.existsSync(path.join(workspace, MARKER))).toBe(false);
      }
      // Dozens of runs of real shells: on a shared 2-core machine under load this can pass 30 s.
    }, 120_000);

    it(`${shell}: a 1 MB value arrives whole; a nested shell refuses it cleanly`, async () => {
      h = createEngineHarness({ shell });
      const x = largeValue();
      const { state, workspace } = await runValue(shell, x);
      for (const c of SHELL_CONTEXTS) {
        const node = state.nodes[nodeIdOf(c.name)];
        if (c.nested) {
          expect(node.status).toBe("skipped");
          expect(node.error).toMatch(/too large for a nested shell/);
          continue;
        }
        expect({ context: c.name, status: node.status, error: node.error }).toMatchObject({ status: "done" });
        expect(fs.readFileSync(path.join(workspace, outFile(c)), "utf8") === c.expect(x)).toBe(true);
      }
      expect(fs.existsSync(path.join(workspace, MARKER))).toBe(false);
    });
  }
});

describe("skill recipes, command checks and refusals", () => {
  it("a shell skill recipe and a command check pass values as data", async () => {
    const catalog = {
      version: 1,
      entries: { "write-it": { recipe: { kind: "shell", command: 'printf %s "{args}" > skill.out' } } },
    };
    h = createEngineHarness({ catalog: () => ExecutorCatalogSchema.parse(catalog) });
    const x = "'\"$(touch PWNED)`touch PWNED`; touch PWNED";
    //  S (skill, recipe with {args} inside double quotes)   C (shell with a command check)
    const t = buildTemplate()
      .with({ context_schema: { x: { type: "string" } } })
      .node("S", { type: "skill", executor: "write-it", args_template: "<{x}>" })
      .node("C", {
        args_template: "printf %s {x} > check.in",
        checks: [{ type: "command", run: "test '{x}' = \"$(cat check.in)\"" }],
      })
      .done();
    const { runId } = h.engine.startRun({ template: t, variables: { x } });
    const ws = path.join(h.dir, "runs", runId);
    const state = await h.engine.settled(runId);
    expect([state.nodes.S.status, state.nodes.C.status, state.nodes.C.error]).toEqual(["done", "done", undefined]);
    expect(fs.readFileSync(path.join(ws, "skill.out"), "utf8")).toBe(`<${x}>`);
    expect(fs.existsSync(path.join(ws, MARKER))).toBe(false);
  });

  it("a skill recipe that cannot be read with the node's args is refused before the run starts", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-cat-"));
    const catalog = path.join(dir, "catalog.json");
    fs.writeFileSync(
      catalog,
      JSON.stringify({ version: 1, entries: { "say-it": { recipe: { kind: "shell", command: "echo '{args}" } } } }),
    );
    try {
      h = createEngineHarness({ catalog: () => loadExecutorCatalog({ WF_CATALOG: catalog }) });
      //  S (skill say-it: an unclosed quote once {args} is put in)
      const t = buildTemplate().node("S", { type: "skill", executor: "say-it", args_template: "hi" }).done();
      let error: unknown;
      try {
        h.engine.startRun({ template: t });
      } catch (err) {
        error = err;
      }
      expect((error as RunInputError).diagnostics).toEqual([
        expect.objectContaining({ code: "WF090", nodeId: "S", line: 1, column: 6 }),
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a command the shell cannot read is refused before the run starts, naming node, field and column", () => {
    h = createEngineHarness();
    //  A (unclosed quote)
    const t = buildTemplate().node("A", { args_template: "echo ok\necho 'unclosed" }).done();
    let error: unknown;
    try {
      h.engine.startRun({ template: t });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(RunInputError);
    expect((error as RunInputError).diagnostics).toEqual([
      expect.objectContaining({ code: "WF090", nodeId: "A", field: "args_template", line: 2, column: 6 }),
    ]);
    expect(h.store.openRunIds()).toEqual([]);
  });
});
