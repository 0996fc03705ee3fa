/** Mermaid import errors: codes and exact line:column; non-flowcharts; `<step>` checks; Markdown. */
import { describe, expect, it } from "vitest";
import { importWorkflow } from "./import-workflow";
import { importMermaid } from "./mermaid-to-template";

/** `CODE@line:column` of every error and warning. */
function where(src: string, options = {}): string[] {
  return importMermaid(src, options).diagnostics.map((d) => `${d.code}@${d.line}:${d.column}`);
}

describe("Mermaid syntax errors point at line:column", () => {
  const cases: [string, string, string[]][] = [
    ["unclosed [", "flowchart TD\n  A[Fetch --> B", ["MM001@2:4"]],
    ["wrong closer", 'flowchart TD\n  A["x") --> B', ["MM001@2:8"]],
    ["single-dash arrow", "flowchart TD\n  A -> B", ["MM001@2:5"]],
    ["edge without target", "flowchart TD\n  A -->\n  B --> C", ["MM001@2:8"]],
    ["unclosed |label", "flowchart TD\n  A -->|yes B", ["MM001@2:8"]],
    ["text label without closing arrow", "flowchart TD\n  A -- yes B", ["MM001@2:5"]],
    ["bad direction", "flowchart XY\n  A --> B", ["MM001@1:11"]],
    ["missing header", "A --> B", ["MM001@1:1"]],
    ["several errors, all reported", "flowchart LR\n  A -> B\n  C --> \n  D[ok] --> E", ["MM001@2:5", "MM001@3:9"]],
    ["stray end", "flowchart LR\n  A --> B\n  end", ["MM014@3:3"]],
    ["unclosed subgraph", "flowchart LR\n  subgraph S\n  A --> B", ["MM015@2:3"]],
    ["loop without max_iter", "flowchart LR\n  A[Again|type=loop]", ["MM012@2:3"]],
    ["bad max_iter", "flowchart LR\n  A[Again|type=loop|max_iter=many]", ["MM006@2:3", "MM012@2:3"]],
    ["unknown type", "flowchart LR\n  A[x|type=teleport]", ["MM006@2:3"]],
    ["duplicate id= annotation", 'flowchart LR\n  A["a|id=X"]\n  B["b|id=X"]', ["MM013@3:3"]],
  ];
  for (const [name, src, expected] of cases) it(name, () => expect(where(src)).toEqual(expected));

  it("says what was expected and what was found", () => {
    const [d] = importMermaid("flowchart TD\n  A -> B").diagnostics;
    expect(d).toMatchObject({ severity: "error", code: "MM001" });
    expect(d.message).toMatch(/expected .*-->.* found "-"/);
  });

  it("unknown annotation key is a warning, the node still imports", () => {
    const r = importMermaid("flowchart LR\n  A[x|colour=red]");
    expect(r.diagnostics.map((d) => `${d.code}:${d.severity}`)).toEqual(["MM005:warning"]);
    expect(r.template?.nodes[0].name).toBe("x");
  });

  it("an error means no template (the graph would be unreliable)", () => {
    expect(importMermaid("flowchart TD\n  A -> B").template).toBeUndefined();
  });
});

describe("non-flowchart diagrams say so", () => {
  for (const kind of [
    "sequenceDiagram",
    "classDiagram",
    "stateDiagram-v2",
    "erDiagram",
    "gantt",
    "pie",
    "mindmap",
    "gitGraph",
  ]) {
    it(kind, () => {
      const r = importMermaid(`%% comment\n${kind}\n  A->>B: hi`);
      expect(r.diagnostics.map((d) => `${d.code}@${d.line}:${d.column}`)).toEqual(["MM002@2:1"]);
      expect(r.diagnostics[0].message).toContain(kind);
    });
  }
  it("an empty file", () => expect(where("%% nothing\n\n")).toEqual(["MM003@3:1"]));
  it("a header without nodes", () => expect(where("flowchart LR\n  %% nothing yet\n")).toEqual(["MM017@1:1"]));
});

describe("<step> blocks", () => {
  const diagram = "flowchart LR\n  A[Fetch] --> B[Load]\n";
  it("unmatched node", () => {
    expect(where(`${diagram}<step node="Z">x</step>`)).toEqual(["MM007@3:1"]);
  });
  it("duplicate step", () => {
    expect(where(`${diagram}<step node="A">x</step>\n<step node="A">y</step>`)).toEqual(["MM008@4:1"]);
  });
  it("tools outside the <tool allow> scope", () => {
    const src = `<tool allow="sql">\n${diagram}<step node="A" tools="sql,bash">x</step>\n</tool>`;
    const r = importMermaid(src);
    expect(r.diagnostics.map((d) => `${d.code}@${d.line}:${d.column}:${d.nodeId}`)).toEqual(["MM009@4:1:A"]);
    expect(r.diagnostics[0].message).toContain("bash");
  });
  it("tools outside a scope given as an option", () => {
    expect(where(`${diagram}<step node="A" tools="bash">x</step>`, { toolScope: ["sql"] })).toEqual(["MM009@3:1"]);
    expect(where(`${diagram}<step node="A" tools="sql">x</step>`, { toolScope: ["sql"] })).toEqual([]);
  });
  it("nested <tool allow> scopes intersect", () => {
    const src = `<tool allow="sql,bash">\n<tool allow="bash">\n${diagram}<step node="A" tools="sql">x</step>\n</tool>\n</tool>`;
    expect(where(src)).toEqual(["MM009@5:1"]);
  });
  it("no scope anywhere: tools are not restricted", () => {
    expect(where(`${diagram}<step node="A" tools="anything">x</step>`)).toEqual([]);
  });
  it("<step> without node, unclosed <step>", () => {
    expect(where(`${diagram}<step type="tool">x</step>`)).toEqual(["MM010@3:1"]);
    expect(where(`${diagram}<step node="A">x`)).toEqual(["MM010@3:1"]);
  });
  it("step type wins over the inline annotation", () => {
    const t = importMermaid('flowchart LR\n  A[x|type=tool]\n<step node="A" type="manual">Ask.</step>').template!;
    expect(t.nodes[0].type).toBe("human");
  });
  it('mode="simple" wrappers reject gates and loops (docs/formats.md: mode="simple")', () => {
    const simple = (body: string) => `<skill impl="dde-simple" mode="simple">\nflowchart LR\n${body}\n</skill>`;
    expect(where(simple("  A --> B"))).toEqual([]);
    const r = importMermaid(simple("  A{ok?} -->|y| B\n  A -->|n| C[x|type=loop|max_iter=2]"));
    expect(r.diagnostics.map((d) => `${d.code}@${d.line}:${d.column}:${d.nodeId}`)).toEqual([
      "MM016@3:3:A",
      "MM016@4:12:C",
    ]);
    const big = Array.from({ length: 16 }, (_, i) => `  n${i}`).join("\n");
    expect(where(simple(big))).toEqual(["MM016@1:1"]);
  });

  it("positions of the diagram are unchanged by the blanked tags", () => {
    expect(where('<agent name="d">\n<step node="A">x</step>\nflowchart LR\n  A -> B\n</agent>')).toEqual(["MM001@4:5"]);
  });
});

describe("Markdown files", () => {
  it("uses the first mermaid fence and keeps line numbers of the .md file", () => {
    const md =
      "# Plan\n\n```js\nx()\n```\n\n```mermaid\nflowchart LR\n  A --> B\n```\n\n```mermaid\nflowchart LR\n  Z\n```\n";
    const r = importWorkflow({ filename: "plan.md", text: md });
    expect(r.template?.nodes.map((n) => n.id)).toEqual(["A", "B"]);
    expect(r.template?.name).toBe("plan");
    const bad = importWorkflow({ filename: "plan.md", text: md.replace("A --> B", "A -> B") });
    expect(bad.diagnostics.map((d) => `${d.code}@${d.line}:${d.column}`)).toEqual(["MM001@9:5"]);
  });
  it("no fence → MM011", () => {
    expect(importWorkflow({ filename: "x.md", text: "# nothing" }).diagnostics.map((d) => d.code)).toEqual(["MM011"]);
  });
});
