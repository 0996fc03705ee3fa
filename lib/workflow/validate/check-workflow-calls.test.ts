/**
 * Sub-workflows in validation: the workflow node's own fields, template outputs, and — with a child
 * lookup — the children it calls (exist, versions, required inputs, cycles, their own validity).
 */
import { describe, expect, it } from "vitest";
import { formatDiagnostic } from "@/lib/workflow/model/diagnostic";
import type { Template } from "@/lib/workflow/model/template-schema";
import { graph } from "@/lib/workflow/test-support/test-graph-builder";
import type { ChildLookup } from "./check-workflow-calls";
import { validateTemplate } from "./validate-template";

/** A template `id` whose one node is `spec` (a skill node by default). */
function template(id: string, spec: Record<string, unknown> = {}, fields: Record<string, unknown> = {}): Template {
  return graph(id)
    .node("N-001", spec)
    .set({ template_id: id, ...fields })
    .build();
}

/** A workflow node calling `ref`. */
const calls = (ref: string, more: Record<string, unknown> = {}) => ({ type: "workflow", template: ref, ...more });

/** A library: `ref` → template, `ref@version` for pinned versions; counts the questions asked. */
function library(entries: Record<string, Template>): ChildLookup & { asked: string[] } {
  const asked: string[] = [];
  const find = (ref: string, version?: string | number) => {
    asked.push(version === undefined ? ref : `${ref}@${version}`);
    return entries[version === undefined ? ref : `${ref}@${version}`];
  };
  return Object.assign(find, { asked });
}

const only = (t: unknown, code: string, children?: ChildLookup) =>
  validateTemplate(t, { children }).diagnostics.filter((d) => d.code === code);

describe("the workflow node's own fields", () => {
  it("WF072 names the node and the field when no template is chosen", () => {
    for (const t of [template("p", { type: "workflow" }), template("p", { type: "workflow", template: " " })]) {
      expect(only(t, "WF072")).toMatchObject([
        { severity: "error", nodeId: "N-001", field: "template", path: "nodes[0].template" },
      ]);
      expect(only(t, "WF072")[0].message).toContain("child template (template)");
    }
  });

  it("checks input references like any other reference, at inputs.<name>", () => {
    // A --> W ; W's inputs read {unknown}, {A.output} (fine), {W2.output} (no such node)
    const t = graph()
      .node("W", calls("child", { inputs: { env: "{unknown}", build: "{A.output}", other: "x {W2.output}" } }))
      .chain("A", "W")
      .build();
    const result = validateTemplate(t);
    expect(result.diagnostics.filter((d) => d.code === "WF052")).toMatchObject([
      { nodeId: "W", field: "inputs.env", path: "nodes[0].inputs.env", line: 1, column: 1 },
    ]);
    expect(result.diagnostics.filter((d) => d.code === "WF050")).toMatchObject([
      { nodeId: "W", field: "inputs.other", column: 3 },
    ]);
    expect(result.diagnostics.map((d) => d.code)).not.toContain("WF051");
  });

  it("WF051 when an input reads a node that runs after the workflow node", () => {
    // W --> A ; W reads {A.output}
    const t = graph()
      .node("W", calls("child", { inputs: { x: "{A.output}" } }))
      .chain("W", "A")
      .build();
    expect(only(t, "WF051")).toMatchObject([{ nodeId: "W", field: "inputs.x" }]);
  });

  it("without a lookup, an unknown child is not an error", () => {
    const result = validateTemplate(template("p", calls("nowhere", { version: 3, inputs: { a: "x" } })));
    expect(result.diagnostics).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it("WF112 a secret passed in inputs, with or without a lookup: the child reads it itself", () => {
    const t = template("p", calls("child", { inputs: { token: "Bearer {secrets.API_TOKEN}", who: "bob" } }));
    for (const children of [undefined, library({ child: template("child", {}, { context_schema: { token: {} } }) })])
      expect(only(t, "WF112", children)).toMatchObject([
        {
          severity: "error",
          nodeId: "N-001",
          field: "inputs.token",
          path: "nodes[0].inputs.token",
          message:
            'Workflow node "N-001" passes the secret "API_TOKEN" in inputs.token; inputs are stored as the child\'s variables, so a secret is never one: let the child template read {secrets.API_TOKEN} itself.',
        },
      ]);
  });

  it("without a lookup, a node calling its own template is WF109", () => {
    expect(only(template("p", calls("p")), "WF109")).toMatchObject([
      { nodeId: "N-001", field: "template", message: expect.stringContaining("p → p") },
    ]);
  });
});

describe("template outputs", () => {
  it("WF103 unknown node, WF104 undeclared variable, WF105 {prev_*} or {iteration}, at outputs.<name>", () => {
    const t = template(
      "p",
      {},
      {
        context_schema: { env: { type: "string", required: true } },
        outputs: {
          ok: "{N-001.output} in {env}",
          gone: "{N-009.output}",
          undeclared: "{region}",
          prev: "{prev_output}",
          iter: "{iteration}",
        },
      },
    );
    const result = validateTemplate(t);
    const pick = (code: string) => result.diagnostics.filter((d) => d.code === code);
    expect(pick("WF103")).toMatchObject([{ severity: "error", field: "outputs.gone", path: "outputs.gone" }]);
    expect(pick("WF103")[0].message).toContain("{N-009.output}");
    expect(pick("WF104")).toMatchObject([{ severity: "error", field: "outputs.undeclared" }]);
    expect(pick("WF104")[0].message).toContain("{region}");
    expect(pick("WF105").map((d) => [d.severity, d.field])).toEqual([
      ["warning", "outputs.prev"],
      ["warning", "outputs.iter"],
    ]);
    // {env} is used, by an output: not WF055.
    expect(pick("WF055")).toEqual([]);
    expect(pick("WF050")).toEqual([]);
  });

  it("any node may be named, also one with no path to the end", () => {
    // A --> B, A --> C ; outputs read both branches
    const t = graph()
      .chain("A", "B")
      .chain("A", "C")
      .set({ outputs: { b: "{B.output}", c: "{C.output}" } })
      .build();
    expect(validateTemplate(t).diagnostics).toEqual([]);
  });
});

describe("with a child lookup", () => {
  const child = template(
    "child",
    {},
    {
      context_schema: {
        env: { type: "string", required: true },
        region: { type: "string", required: true, default: "eu" },
        note: { type: "string", required: false },
      },
    },
  );

  it("accepts a call that gives every required input", () => {
    const lib = library({ child, "child@3": child });
    for (const spec of [
      calls("child", { inputs: { env: "prod" } }),
      calls("child", { version: 3, inputs: { env: "x" } }),
    ]) {
      const result = validateTemplate(template("p", spec), { children: lib });
      expect(result.diagnostics).toEqual([]);
    }
    // An empty version means the latest.
    lib.asked.length = 0;
    validateTemplate(template("p", calls("child", { version: "", inputs: { env: "x" } })), { children: lib });
    expect(lib.asked).toEqual(["child"]);
  });

  it("WF106 an unknown child names the node, the field template and the ref", () => {
    const [d] = only(template("p", calls("tpl_gone")), "WF106", library({}));
    expect(d).toMatchObject({ severity: "error", nodeId: "N-001", field: "template", path: "nodes[0].template" });
    expect(d.message).toContain('"tpl_gone"');
    expect(formatDiagnostic(d)).toContain("node N-001, field template");
  });

  it("WF106 a version that does not exist names the version, at field version", () => {
    const [d] = only(template("p", calls("child", { version: 7, inputs: { env: "x" } })), "WF106", library({ child }));
    expect(d).toMatchObject({ nodeId: "N-001", field: "version" });
    expect(d.message).toContain('"child" version 7');
    // Neither the template nor the version: the template is what is missing.
    const [gone] = only(template("p", calls("gone", { version: 7 })), "WF106", library({}));
    expect(gone.field).toBe("template");
    expect(gone.message).not.toContain("version 7");
  });

  it("WF107 every required child variable without a default needs an input", () => {
    const [d] = only(template("p", calls("child", { inputs: { note: "n" } })), "WF107", library({ child }));
    expect(d).toMatchObject({ severity: "error", nodeId: "N-001", field: "inputs" });
    expect(d.message).toContain("the required variable env");
    expect(d.message).not.toContain("region");
    const two = template("two", {}, { context_schema: { a: { type: "string" }, b: { type: "string" } } });
    const [both] = only(template("p", calls("two")), "WF107", library({ two }));
    expect(both.message).toContain("the required variables a, b");
  });

  it("WF108 warns about an input the child does not declare", () => {
    const t = template("p", calls("child", { inputs: { env: "x", enviroment: "y" } }));
    expect(only(t, "WF108", library({ child }))).toMatchObject([
      { severity: "warning", nodeId: "N-001", field: "inputs.enviroment", message: expect.stringContaining('"child"') },
    ]);
    expect(validateTemplate(t, { children: library({ child }) }).ok).toBe(true);
  });

  it("WF109 a direct cycle: the child is this template under its library id", () => {
    const parent = template("a", calls("tpl_a"));
    const [d] = only(parent, "WF109", library({ tpl_a: parent }));
    expect(d).toMatchObject({ severity: "error", nodeId: "N-001", field: "template" });
    expect(d.message).toContain("a → a");
  });

  it("WF109 an indirect cycle names the chain", () => {
    const a = template("a", calls("b"));
    const lib = library({ b: template("b", calls("c")), c: template("c", calls("a")), a });
    const [d] = only(a, "WF109", lib);
    expect(d.message).toContain("a → b → c → a");
    // One cycle, one diagnostic: the child's own cycle is not reported again as WF111.
    expect(only(a, "WF111", lib)).toEqual([]);
  });

  it("a cycle below the child (b → c → b) makes the child invalid (WF111), and the walk ends", () => {
    const lib = library({ b: template("b", calls("c")), c: template("c", calls("b")) });
    const [d] = only(template("a", calls("b")), "WF111", lib);
    expect(d.message).toContain('calls "b", which cannot run: WF109');
    expect(d.message).toContain("b → c → b");
  });

  it("WF111 names the child and its first problem", () => {
    const broken = graph("broken")
      .node("X", { type: "shell", args_template: "" })
      .node("Y", { type: "shell", args_template: "echo {nope}" })
      .chain("X", "Y")
      .set({ template_id: "broken" })
      .build();
    const [d] = only(template("p", calls("broken")), "WF111", library({ broken }));
    expect(d).toMatchObject({ severity: "error", nodeId: "N-001", field: "template" });
    expect(d.message).toMatch(/calls "broken", which cannot run: WF072 Node "X" .*\(and 1 more problem\)/);
    // A grandchild's problem reaches the top through each level.
    const lib = library({ broken, mid: template("mid", calls("broken")) });
    expect(only(template("p", calls("mid")), "WF111", lib)[0].message).toContain('calls "broken", which cannot run');
  });

  it("a child's warnings do not make the parent invalid", () => {
    const warns = graph("warns").chain("A", "B").node("C").set({ template_id: "warns" }).build();
    expect(validateTemplate(warns).diagnostics.map((d) => d.severity)).toContain("warning");
    expect(validateTemplate(template("p", calls("warns")), { children: library({ warns }) }).ok).toBe(true);
  });

  it("asks for each child once, however often it is called", () => {
    // p calls b and c; both call d; d is valid.
    const p = graph("p")
      .node("W1", calls("b"))
      .node("W2", calls("c"))
      .chain("W1", "W2")
      .set({ template_id: "p" })
      .build();
    const lib = library({ b: template("b", calls("d")), c: template("c", calls("d")), d: template("d") });
    expect(validateTemplate(p, { children: lib }).diagnostics).toEqual([]);
    expect([...lib.asked].sort()).toEqual(["b", "c", "d"]);
  });
});
