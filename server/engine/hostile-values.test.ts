import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { referenceLookup } from "@/lib/workflow/model/references";
import {
  ARITHMETIC_CONTEXTS,
  HOSTILE_VALUES,
  MARKER,
  MARKER_VALUES,
  REFUSED_IDIOMS,
  TMP_MARKER,
  commandFor,
  contextsFor,
  largeValue,
  outFile,
  type ShellContext,
} from "@/server/test-support/shell-contexts";
import { ExecutorCatalogSchema } from "@/lib/describe/executor-catalog-schema";
import { createEngineHarness, type EngineHarness } from "@/server/test-support/engine-harness";
import { RunInputError } from "./engine-errors";
import { prepareCommandLine } from "./executors/prepare-command-line";
import { loadExecutorCatalog } from "@/server/catalog/load-executor-catalog";

let h: EngineHarness | undefined;
afterEach(() => {
  h?.close();
  h = undefined;
  // Injected code would create it (its path is unique to this test run): removed first, so the next test
  // starts without it whatever this one did.
  const injected = fs.existsSync(TMP_MARKER);
  fs.rmSync(TMP_MARKER, { force: true });
  expect(injected).toBe(false);
});

const nodeIdOf = (name: string) => name.replace(/[^\w-]/g, "_");

/**
 * One run per value: every context is a node of its own, all in parallel
 *   unquoted   single   double   …   trap   …   echo-pipe   …
 */
function contextsTemplate(contexts: ShellContext[]) {
  const b = buildTemplate().with({
    context_schema: { x: { type: "string", required: false }, y: { type: "string", required: false } },
  });
  // skip: one refused node must not stop the others.
  for (const c of contexts) b.node(nodeIdOf(c.name), { args_template: commandFor(c), on_fail: "skip" });
  return b.done();
}

async function runValue(shell: string, x: string, contexts = contextsFor(shell), y?: string) {
  const variables = y === undefined ? { x } : { x, y };
  const { runId } = h!.engine.startRun({ template: contextsTemplate(contexts), variables });
  const state = await h!.engine.settled(runId);
  return { state, workspace: path.join(h!.dir, "runs", runId) };
}

describe("hostile values through the real engine (docs/engine.md: a value never becomes shell syntax)", () => {
  for (const shell of ["/bin/sh", "/bin/bash"]) {
    it(`${shell}: every hostile value arrives byte for byte in every context; no marker file`, async () => {
      h = createEngineHarness({ shell });
      for (const x of HOSTILE_VALUES) {
        const { state, workspace } = await runValue(shell, x);
        for (const c of contextsFor(shell)) {
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
        expect({ value: x, injected: fs.existsSync(TMP_MARKER) }).toEqual({ value: x, injected: false });
      }
      // Dozens of runs of real shells: on a shared 2-core machine under load this can pass 30 s.
    }, 240_000);

    it(`${shell}: a 1 MB value arrives whole; a nested shell refuses it cleanly`, async () => {
      h = createEngineHarness({ shell });
      const x = largeValue();
      const { state, workspace } = await runValue(shell, x);
      for (const c of contextsFor(shell)) {
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

describe("shell idioms (docs/shell-values.md: values stay data in every shell idiom)", () => {
  it("every idiom the planner cannot plan is refused before the run starts, and by the engine before it runs", () => {
    h = createEngineHarness();
    for (const idiom of REFUSED_IDIOMS) {
      //  A (the idiom)
      const t = buildTemplate()
        .with({ context_schema: { x: { type: "string" } } })
        .node("A", { args_template: idiom.command })
        .done();
      let error: unknown;
      try {
        h.engine.startRun({ template: t, variables: { x: MARKER_VALUES[0] } });
      } catch (err) {
        error = err;
      }
      expect({ idiom: idiom.name, refused: error instanceof RunInputError }).toEqual({
        idiom: idiom.name,
        refused: true,
      });
      expect({ idiom: idiom.name, diagnostics: (error as RunInputError).diagnostics }).toMatchObject({
        idiom: idiom.name,
        diagnostics: [{ code: idiom.code, nodeId: "A", field: "args_template", line: expect.any(Number) }],
      });
      // At run time (a template that skipped validation) the engine refuses it before anything is spawned.
      const prepared = prepareCommandLine(
        { nodeId: "A", env: process.env, lookup: referenceLookup({ vars: { x: MARKER_VALUES[0] } }) },
        idiom.command,
        "args_template",
      );
      expect({ idiom: idiom.name, prepared }).toMatchObject({
        idiom: idiom.name,
        prepared: { ok: false, code: "RUN036" },
      });
    }
    expect(h.store.openRunIds()).toEqual([]);
  });

  for (const shell of ["/bin/sh", "/bin/bash"]) {
    it(`${shell}: a reference in arithmetic passes an integer and fails the node, before it runs, on anything else`, async () => {
      h = createEngineHarness({ shell });
      const contexts = ARITHMETIC_CONTEXTS.filter((c) => !c.only || c.only === shell);
      for (const x of ["7", "-2"]) {
        const { state, workspace } = await runValue(shell, x, contexts);
        for (const c of contexts) {
          expect({ x, context: c.name, status: state.nodes[nodeIdOf(c.name)].status }).toMatchObject({
            status: "done",
          });
          expect(fs.readFileSync(path.join(workspace, outFile(c)), "utf8")).toBe(c.expect(x));
        }
      }
      for (const x of MARKER_VALUES) {
        const { state, workspace } = await runValue(shell, x, contexts);
        for (const c of contexts) {
          const node = state.nodes[nodeIdOf(c.name)];
          expect({ x, context: c.name, status: node.status, error: node.error }).toMatchObject({
            status: "skipped",
            error: expect.stringMatching(/stands in arithmetic but its value is not an integer/),
          });
          expect(fs.existsSync(path.join(workspace, outFile(c)))).toBe(false);
        }
        expect(fs.existsSync(TMP_MARKER)).toBe(false);
      }
    });
  }

  it("a command named by a value runs a program, never eval or another builtin", async () => {
    h = createEngineHarness({ shell: "/bin/bash" });
    const named: ShellContext = { name: "named", command: "{x} {y} > OUT", expect: (x) => x };
    const printed = await runValue("/bin/bash", "printf", [named], "ok");
    expect(fs.readFileSync(path.join(printed.workspace, outFile(named)), "utf8")).toBe("ok");
    for (const builtin of ["eval", "source", "trap", "command"]) {
      const { state } = await runValue("/bin/bash", builtin, [named], `touch ${TMP_MARKER}`);
      expect({ builtin, status: state.nodes.named.status }).toEqual({ builtin, status: "skipped" });
      expect({ builtin, injected: fs.existsSync(TMP_MARKER) }).toEqual({ builtin, injected: false });
    }
  });
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
