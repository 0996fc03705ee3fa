/**
 * Corpus of Mermaid flowcharts: every construct of docs/formats.md, each with the nodes
 * (`id:type:name`) and edges (`from->to` or `from->to:label`) the import must produce.
 */
import { describe, expect, it } from "vitest";
import { importMermaid } from "./mermaid-to-template";

interface Case {
  name: string;
  src: string;
  nodes: string[];
  edges: string[];
  phases?: Record<string, string>;
  groups?: Record<string, string>;
}

const CORPUS: Case[] = [
  { name: "flowchart TD", src: "flowchart TD\n  A --> B", nodes: ["A:agent:A", "B:agent:B"], edges: ["A->B"] },
  { name: "flowchart TB", src: "flowchart TB\n  A --> B", nodes: ["A:agent:A", "B:agent:B"], edges: ["A->B"] },
  { name: "graph BT", src: "graph BT\n  A --> B", nodes: ["A:agent:A", "B:agent:B"], edges: ["A->B"] },
  { name: "graph LR", src: "graph LR\n  A --> B", nodes: ["A:agent:A", "B:agent:B"], edges: ["A->B"] },
  { name: "flowchart RL", src: "flowchart RL\n  A --> B", nodes: ["A:agent:A", "B:agent:B"], edges: ["A->B"] },
  { name: "header without direction", src: "flowchart\n  A --> B", nodes: ["A:agent:A", "B:agent:B"], edges: ["A->B"] },
  { name: "header with semicolon", src: "graph TD;\n  A-->B;", nodes: ["A:agent:A", "B:agent:B"], edges: ["A->B"] },
  { name: "rect [ ]", src: "flowchart TD\n  A[Fetch data]", nodes: ["A:agent:Fetch data"], edges: [] },
  { name: "round ( )", src: "flowchart TD\n  A(Round one)", nodes: ["A:agent:Round one"], edges: [] },
  { name: "stadium ([ ])", src: "flowchart TD\n  A([Stadium])", nodes: ["A:agent:Stadium"], edges: [] },
  { name: "subroutine [[ ]]", src: "flowchart TD\n  A[[Sub]]", nodes: ["A:agent:Sub"], edges: [] },
  { name: "cylinder [( )]", src: "flowchart TD\n  A[(Database)]", nodes: ["A:agent:Database"], edges: [] },
  { name: "circle (( ))", src: "flowchart TD\n  A((Circle))", nodes: ["A:agent:Circle"], edges: [] },
  { name: "rhombus { } is a gate", src: "flowchart TD\n  A{Ok?}", nodes: ["A:gate:Ok?"], edges: [] },
  { name: "hexagon {{ }}", src: "flowchart TD\n  A{{Hex}}", nodes: ["A:agent:Hex"], edges: [] },
  { name: "asymmetric > ]", src: "flowchart TD\n  A>Flag]", nodes: ["A:agent:Flag"], edges: [] },
  { name: "parallelogram [/ /]", src: "flowchart TD\n  A[/In/]", nodes: ["A:agent:In"], edges: [] },
  { name: "parallelogram alt [\\ \\]", src: "flowchart TD\n  A[\\Out\\]", nodes: ["A:agent:Out"], edges: [] },
  { name: "trapezoid [/ \\]", src: "flowchart TD\n  A[/Trap\\]", nodes: ["A:agent:Trap"], edges: [] },
  { name: "open link ---", src: "flowchart LR\n  A --- B", nodes: ["A:agent:A", "B:agent:B"], edges: ["A->B"] },
  { name: "dotted -.->", src: "flowchart LR\n  A -.-> B", nodes: ["A:agent:A", "B:agent:B"], edges: ["A->B"] },
  { name: "thick ==>", src: "flowchart LR\n  A ==> B", nodes: ["A:agent:A", "B:agent:B"], edges: ["A->B"] },
  { name: "long arrow --->", src: "flowchart LR\n  A ---> B", nodes: ["A:agent:A", "B:agent:B"], edges: ["A->B"] },
  {
    name: "arrows without spaces",
    src: "flowchart LR\n  A-->B-.->C==>D",
    nodes: ["A:agent:A", "B:agent:B", "C:agent:C", "D:agent:D"],
    edges: ["A->B", "B->C", "C->D"],
  },
  { name: "pipe label", src: "flowchart LR\n  A -->|go| B", nodes: ["A:agent:A", "B:agent:B"], edges: ["A->B:go"] },
  {
    name: "quoted pipe label",
    src: 'flowchart LR\n  A -->|"go on"| B',
    nodes: ["A:agent:A", "B:agent:B"],
    edges: ["A->B:go on"],
  },
  {
    name: "text label -- x -->",
    src: "flowchart LR\n  A -- go on --> B",
    nodes: ["A:agent:A", "B:agent:B"],
    edges: ["A->B:go on"],
  },
  {
    name: "thick text label == x ==>",
    src: "flowchart LR\n  A == hot ==> B",
    nodes: ["A:agent:A", "B:agent:B"],
    edges: ["A->B:hot"],
  },
  {
    name: "dotted text label -. x .->",
    src: "flowchart LR\n  A -. maybe .-> B",
    nodes: ["A:agent:A", "B:agent:B"],
    edges: ["A->B:maybe"],
  },
  {
    name: "chain A --> B --> C",
    src: "flowchart LR\n  A[One] --> B[Two] --> C[Three]",
    nodes: ["A:agent:One", "B:agent:Two", "C:agent:Three"],
    edges: ["A->B", "B->C"],
  },
  {
    name: "& on both sides",
    src: "flowchart LR\n  A & B --> C & D",
    nodes: ["A:agent:A", "B:agent:B", "C:agent:C", "D:agent:D"],
    edges: ["A->C", "A->D", "B->C", "B->D"],
  },
  {
    name: "fan-out with &",
    src: "flowchart LR\n  S --> A & B\n  A & B --> J",
    nodes: ["S:agent:S", "A:agent:A", "B:agent:B", "J:agent:J"],
    edges: ["S->A", "S->B", "A->J", "B->J"],
  },
  {
    name: "%% comments, full line and trailing",
    src: "%% a comment\nflowchart LR\n  %% another\n  A --> B %% trailing",
    nodes: ["A:agent:A", "B:agent:B"],
    edges: ["A->B"],
  },
  {
    name: "quoted label with brackets",
    src: 'flowchart LR\n  A["Run [tests] (all)"]',
    nodes: ["A:agent:Run [tests] (all)"],
    edges: [],
  },
  {
    name: "entity in label",
    src: 'flowchart LR\n  A["Say #quot;hi#quot; #35;1"]',
    nodes: ['A:agent:Say "hi" #1'],
    edges: [],
  },
  {
    name: "inline annotation bare",
    src: "flowchart LR\n  A[Check|type=gate] -->|yes| B\n  A -->|no| C",
    nodes: ["A:gate:Check", "B:agent:B", "C:agent:C"],
    edges: ["A->B:yes", "A->C:no"],
  },
  {
    name: "inline annotation quoted",
    src: 'flowchart LR\n  A["Review|type=manual"]',
    nodes: ["A:human:Review"],
    edges: [],
  },
  {
    name: "loop with max_iter",
    src: "flowchart LR\n  A[Refine|type=loop|max_iter=3]",
    nodes: ["A:loop:Refine"],
    edges: [],
  },
  {
    name: "other tools' type names normalise",
    src: "flowchart LR\n  A[a|type=prompt] --> B[b|type=subagent] --> C[c|type=tool] --> D[d|type=session]",
    nodes: ["A:agent:a", "B:agent:b", "C:shell:c", "D:agent:d"],
    edges: ["A->B", "B->C", "C->D"],
  },
  { name: "annotation overrides rhombus", src: "flowchart LR\n  A{Ask|type=human}", nodes: ["A:human:Ask"], edges: [] },
  {
    name: "id= annotation renames",
    src: 'flowchart LR\n  n1["Weird|id=my node"] --> B',
    nodes: ["my node:agent:Weird", "B:agent:B"],
    edges: ["my node->B"],
  },
  {
    name: "statements separated by ;",
    src: "flowchart LR\n  A[a]; B[b]; A --> B",
    nodes: ["A:agent:a", "B:agent:b"],
    edges: ["A->B"],
  },
  {
    name: "node redefined: last label wins",
    src: "flowchart LR\n  A[first] --> B\n  A[second]",
    nodes: ["A:agent:second", "B:agent:B"],
    edges: ["A->B"],
  },
  {
    name: "ids with dashes and dots",
    src: "flowchart LR\n  N-001 --> N-002 --> a.b",
    nodes: ["N-001:agent:N-001", "N-002:agent:N-002", "a.b:agent:a.b"],
    edges: ["N-001->N-002", "N-002->a.b"],
  },
  {
    name: "unicode ids and labels",
    src: "flowchart LR\n  Étape[Préparer] --> 段[実行]",
    nodes: ["Étape:agent:Préparer", "段:agent:実行"],
    edges: ["Étape->段"],
  },
  {
    name: ":::class shorthand ignored",
    src: "flowchart LR\n  A:::hot --> B[b]:::cold",
    nodes: ["A:agent:A", "B:agent:b"],
    edges: ["A->B"],
  },
  {
    name: "direction inside subgraph",
    src: "flowchart LR\n  subgraph S [Build]\n    direction TB\n    A --> B\n  end",
    nodes: ["A:agent:A", "B:agent:B"],
    edges: ["A->B"],
    phases: { A: "Build", B: "Build" },
  },
  {
    name: "subgraph with edges → phase only",
    src: "flowchart LR\n  subgraph P1 [Plan]\n    A --> B\n  end\n  B --> C",
    nodes: ["A:agent:A", "B:agent:B", "C:agent:C"],
    edges: ["A->B", "B->C"],
    phases: { A: "Plan", B: "Plan" },
    groups: {},
  },
  {
    name: "subgraph without inner edges → phase + parallel group",
    src: "flowchart LR\n  S --> U & L\n  subgraph tests [Tests]\n    U[Unit]\n    L[Lint]\n  end",
    nodes: ["S:agent:S", "U:agent:Unit", "L:agent:Lint"],
    edges: ["S->U", "S->L"],
    phases: { U: "Tests", L: "Tests" },
    groups: { U: "tests", L: "tests" },
  },
  {
    name: "subgraph with quoted title and nesting",
    src: 'flowchart LR\n  subgraph outer ["Outer phase"]\n    A\n    subgraph inner\n      B --> C\n    end\n  end',
    nodes: ["A:agent:A", "B:agent:B", "C:agent:C"],
    edges: ["B->C"],
    phases: { A: "Outer phase", B: "inner", C: "inner" },
  },
  {
    name: "subgraph title with spaces",
    src: "flowchart LR\n  subgraph Ship it\n    A\n  end",
    nodes: ["A:agent:A"],
    edges: [],
    phases: { A: "Ship it" },
  },
  {
    name: "node declared outside, listed in subgraph",
    src: "flowchart LR\n  A[Alpha] --> B[Beta]\n  subgraph p [Phase]\n    B\n  end",
    nodes: ["A:agent:Alpha", "B:agent:Beta"],
    edges: ["A->B"],
    phases: { B: "Phase" },
  },
  {
    name: "styling lines ignored",
    src: 'flowchart LR\n  A --> B\n  classDef hot fill:#f00,stroke:#333;\n  class A hot\n  style B fill:#0f0\n  linkStyle 0 stroke:#f00\n  click A "https://example.com"',
    nodes: ["A:agent:A", "B:agent:B"],
    edges: ["A->B"],
  },
  {
    name: "front matter title and %%{init}%% directive",
    src: '---\ntitle: Nightly\n---\n%%{init: {"theme": "dark"}}%%\nflowchart LR\n  A --> B',
    nodes: ["A:agent:A", "B:agent:B"],
    edges: ["A->B"],
  },
  {
    name: "<step> blocks inside process-contract wrappers",
    src: [
      '<tool allow="sql,bash">',
      '<skill impl="dde-simple" mode="simple">',
      "flowchart LR",
      "  A[Fetch data] --> B[Transform] --> C[Load]",
      '  <step node="A" type="tool" label="Fetch upstream data" tools="bash">',
      "    Pull the latest CSV.",
      "  </step>",
      '  <step node="C" type="manual" label="Approve load" tools="sql">Check the counts.</step>',
      "</skill>",
      "</tool>",
    ].join("\n"),
    nodes: ["A:shell:Fetch upstream data", "B:agent:Transform", "C:human:Approve load"],
    edges: ["A->B", "B->C"],
  },
  {
    name: "gate with three branches",
    src: "flowchart TD\n  G{env?} -->|dev| D\n  G -->|prod| P\n  G -->|else| X",
    nodes: ["G:gate:env?", "D:agent:D", "P:agent:P", "X:agent:X"],
    edges: ["G->D:dev", "G->P:prod", "G->X:else"],
  },
  {
    name: "edges to and from a subgraph link its source and sink members",
    src: "flowchart LR\n  start --> tests\n  subgraph tests [Tests]\n    unit --> report\n    lint\n  end\n  tests --> deploy",
    nodes: ["start:agent:start", "unit:agent:unit", "report:agent:report", "lint:agent:lint", "deploy:agent:deploy"],
    edges: ["start->unit", "start->lint", "unit->report", "report->deploy", "lint->deploy"],
    phases: { unit: "Tests", report: "Tests", lint: "Tests" },
  },
  {
    name: "markdown string label",
    src: 'flowchart LR\n  A["`Ship **it**`"]',
    nodes: ["A:agent:Ship **it**"],
    edges: [],
  },
  {
    name: "empty lines and CRLF",
    src: "flowchart LR\r\n\r\n  A --> B\r\n",
    nodes: ["A:agent:A", "B:agent:B"],
    edges: ["A->B"],
  },
];

describe("Mermaid corpus", () => {
  it("has at least 40 cases", () => expect(CORPUS.length).toBeGreaterThanOrEqual(40));

  for (const c of CORPUS) {
    it(c.name, () => {
      const r = importMermaid(c.src);
      expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
      const t = r.template!;
      expect(t.nodes.map((n) => `${n.id}:${n.type}:${n.name}`)).toEqual(c.nodes);
      expect(t.edges.map((e) => `${e.from}->${e.to}${e.label ? `:${e.label}` : ""}`)).toEqual(c.edges);
      if (c.phases) {
        expect(Object.fromEntries(t.nodes.filter((n) => n.phase).map((n) => [n.id, n.phase]))).toEqual(c.phases);
      }
      if (c.groups) {
        expect(
          Object.fromEntries(t.nodes.filter((n) => n.parallel_group).map((n) => [n.id, n.parallel_group])),
        ).toEqual(c.groups);
      }
    });
  }

  it("styling lines give one MM004 warning each", () => {
    const r = importMermaid(CORPUS.find((c) => c.name === "styling lines ignored")!.src);
    expect(r.diagnostics.map((d) => `${d.code}@${d.line}:${d.column}`)).toEqual([
      "MM004@3:3",
      "MM004@4:3",
      "MM004@5:3",
      "MM004@6:3",
      "MM004@7:3",
    ]);
  });

  it("phases list the subgraphs that hold nodes, in order", () => {
    const src =
      "flowchart LR\n  subgraph all [All]\n    subgraph b [Build]\n      x\n    end\n    subgraph t [Test]\n      y\n    end\n  end";
    expect(importMermaid(src).template!.phases).toEqual([{ name: "Build" }, { name: "Test" }]);
  });

  it("front matter title names the template; direction kept in metadata", () => {
    const t = importMermaid(CORPUS.find((c) => c.name.startsWith("front matter"))!.src).template!;
    expect(t.name).toBe("Nightly");
    expect(t.metadata).toEqual({ mermaid_direction: "LR" });
  });

  it("loop keeps max_iter; step body becomes the description and the agent prompt", () => {
    expect(importMermaid("flowchart LR\n  A[Refine|type=loop|max_iter=3]").template!.nodes[0]).toMatchObject({
      max_iter: 3,
    });
    const aml = importMermaid(CORPUS.find((c) => c.name.startsWith("<step> blocks"))!.src).template!;
    expect(aml.nodes[0]).toMatchObject({ description: "Pull the latest CSV.", tools: ["bash"] });
    expect(aml.nodes[1]).toMatchObject({ args_template: "Transform" });
    expect(aml.nodes[2]).toMatchObject({ prompt: "Check the counts.", tools: ["sql"] });
  });
});
