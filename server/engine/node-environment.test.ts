import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { ENV_ALLOWLIST } from "@/lib/workflow/shell/node-environment";
import { validateTemplate } from "@/lib/workflow/validate/validate-template";
import { createEngineHarness, type EngineHarness } from "@/server/test-support/engine-harness";
import { RunInputError } from "./engine-errors";

let h: EngineHarness | undefined;
afterEach(() => {
  h?.close();
  h = undefined;
  delete process.env.WF_TEST_HOST_SECRET;
});

function refusal(fn: () => unknown): RunInputError | undefined {
  try {
    fn();
  } catch (err) {
    if (err instanceof RunInputError) return err;
    throw err;
  }
  return undefined;
}

describe("a node's environment: the allowlist plus declared variables (docs/engine.md)", () => {
  it("a variable named like an inherited name or a loader switch is refused at validation and at start", () => {
    h = createEngineHarness();
    for (const name of [
      "PATH",
      "HOME",
      "LD_PRELOAD",
      "DYLD_INSERT_LIBRARIES",
      "NODE_OPTIONS",
      "BASH_ENV",
      "ENV",
      "IFS",
      "WF_REF_1",
    ]) {
      //  A (echo {NAME})
      const t = buildTemplate()
        .with({ context_schema: { [name]: { type: "string", required: false } } })
        .node("A", { args_template: `echo {${name}}` })
        .done();
      expect(
        validateTemplate(t).diagnostics.filter((d) => d.code === "WF092"),
        name,
      ).toEqual([expect.objectContaining({ severity: "error", field: name, path: `context_schema.${name}` })]);
      const err = refusal(() => h!.engine.startRun({ template: t, variables: { [name]: "/tmp/evil" } }));
      expect(
        err?.diagnostics.map((d) => d.code),
        name,
      ).toEqual(["WF092"]);
    }
    expect(h.store.openRunIds()).toEqual([]);
    // Names are case-sensitive: a lower-case `env` or `path` is an ordinary variable.
    const fine = buildTemplate().vars("env", "path").node("A", { args_template: "echo {env} {path}" }).done();
    expect(validateTemplate(fine).diagnostics.filter((d) => d.code === "WF092")).toEqual([]);
  });

  it("undeclared variables are refused when asked (the API) and never reach the run otherwise", async () => {
    h = createEngineHarness();
    const t = buildTemplate().vars("who").node("A", { args_template: "env > env.txt" }).done();
    const err = refusal(() =>
      h!.engine.startRun({ template: t, variables: { who: "ann", LD_PRELOAD: "x.so" }, refuseUndeclared: true }),
    );
    expect(err?.diagnostics).toEqual([expect.objectContaining({ code: "RUN024", field: "LD_PRELOAD" })]);
    expect(err?.message).toMatch(/LD_PRELOAD.*not declared/);

    process.env.WF_TEST_HOST_SECRET = "host secret";
    const { runId } = h.engine.startRun({ template: t, variables: { who: "ann", PATH: "/tmp/evil", extra: "1" } });
    const state = await h.engine.settled(runId);
    expect(state.nodes.A.status).toBe("done");
    expect(state.vars).toEqual({ who: "ann" });
    const env = Object.fromEntries(
      fs
        .readFileSync(path.join(h.dir, "runs", runId, "env.txt"), "utf8")
        .trim()
        .split("\n")
        .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
    );
    expect(env.who).toBe("ann");
    expect(env.PATH).toBe(process.env.PATH);
    expect(env.WF_RUN_ID).toBe(runId);
    // What the shell itself sets (PWD, SHLVL, _) aside, nothing else reaches the process.
    const allowed = new Set<string>([
      ...ENV_ALLOWLIST,
      "who",
      "WF_RUN_ID",
      "WF_NODE_ID",
      "WF_WORKSPACE",
      "PWD",
      "SHLVL",
      "_",
      "OLDPWD",
    ]);
    expect(Object.keys(env).filter((k) => !allowed.has(k))).toEqual([]);
  });
});
