import { describe, expect, it } from "vitest";
import { graph } from "@/lib/workflow/test-support/test-graph-builder";
import { parseTemplate } from "@/lib/workflow/model/parse-template";
import { validateParsedTemplate, validateTemplate } from "./validate-template";

const codes = (input: unknown) => validateTemplate(input).diagnostics.map((d) => d.code);
const find = (input: unknown, code: string) => validateTemplate(input).diagnostics.filter((d) => d.code === code);

describe("validateTemplate: valid templates", () => {
  it("accepts a linear pipeline with declared variables", () => {
    // A --> B --> C
    const t = graph().node("A", { args_template: "{goal}" }).chain("A", "B", "C").vars("goal").build();
    const result = validateTemplate(t);
    expect(result.diagnostics).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.mode).toBe("simple");
    expect(result.template?.nodes).toHaveLength(3);
  });

  it("reports advanced mode for gates, loops and more than 15 nodes", () => {
    // G --yes--> A ; G --no--> B
    const gate = graph().node("G", { type: "gate" }).edge("G", "A", "yes").edge("G", "B", "no").node("A").node("B");
    expect(validateTemplate(gate.build()).mode).toBe("advanced");
    const ids = Array.from({ length: 16 }, (_, i) => `N${i}`);
    expect(
      validateTemplate(
        graph()
          .chain(...ids)
          .build(),
      ).mode,
    ).toBe("advanced");
    expect(
      validateTemplate(
        graph()
          .chain(...ids.slice(0, 15))
          .build(),
      ).mode,
    ).toBe("simple");
  });
});

describe("WF001 schema errors", () => {
  it("gives JSON paths and node ids, and still runs the graph rules", () => {
    // A --> A   (self-loop) ; nodes[1] has an unknown type
    const raw = {
      template_id: "x",
      name: "x",
      nodes: [
        { id: "A", name: "A", type: "skill", executor: "s" },
        { id: "B", name: "B", type: "teleport" },
      ],
      edges: [{ from: "A", to: "A" }],
    };
    const result = validateTemplate(raw);
    const schema = result.diagnostics.filter((d) => d.code === "WF001");
    expect(schema.length).toBeGreaterThan(0);
    expect(schema[0].path).toBe("nodes[1].type");
    expect(schema[0].nodeId).toBe("B");
    expect(result.diagnostics.map((d) => d.code)).toContain("WF012");
    expect(result.ok).toBe(false);
    expect(result.template).toBeUndefined();
  });

  it("never throws on non-objects", () => {
    for (const input of [null, undefined, 42, "x", [], [1, 2], { nodes: "no" }, { nodes: [null, 3, { id: 5 }] }]) {
      const r = validateTemplate(input);
      expect(r.ok).toBe(false);
      expect(r.diagnostics.some((d) => d.code === "WF001")).toBe(true);
    }
  });

  it("normalises other tools' type names before checking", () => {
    const t = graph()
      .node("A", { type: "cli", args_template: "ls" })
      .node("B", { type: "subagent", args_template: "x" });
    expect(codes(t.chain("A", "B").build())).toEqual([]);
  });
});

describe("graph structure", () => {
  it("WF010 duplicate ids", () => {
    // A --> B, and a second node called A
    expect(find(graph().chain("A", "B").node("A").build(), "WF010")).toMatchObject([
      { nodeId: "A", path: "nodes[2].id" },
    ]);
    expect(find(graph().chain("A", "B").build(), "WF010")).toEqual([]);
  });

  it("WF011 dangling edges", () => {
    // A --> B --> (ghost)
    const bad = find(graph().chain("A", "B").edge("B", "ghost").edge("nobody", "A").build(), "WF011");
    expect(bad.map((d) => d.field)).toEqual(["to", "from"]);
    expect(bad[0].edge).toEqual({ from: "B", to: "ghost" });
    expect(find(graph().chain("A", "B").build(), "WF011")).toEqual([]);
  });

  it("WF012 self-loops", () => {
    // A --> A
    expect(find(graph().chain("A", "B").edge("B", "B").build(), "WF012")).toMatchObject([{ nodeId: "B" }]);
    expect(find(graph().chain("A", "B").build(), "WF012")).toEqual([]);
  });

  it("WF013 cycles name every node on the cycle", () => {
    // S --> A --> B --> C --> A
    const cyc = find(graph().chain("S", "A", "B", "C", "A").build(), "WF013");
    expect(cyc).toHaveLength(1);
    expect(cyc[0].nodeId).toBe("A");
    for (const id of ["A", "B", "C"]) expect(cyc[0].message).toContain(id);
    expect(cyc[0].message).not.toContain("S");
    expect(find(graph().chain("S", "A", "B", "C").build(), "WF013")).toEqual([]);
  });

  it("WF013 names the other members of a component", () => {
    // S --> A <--> B, B --> C --> A
    const cyc = find(graph().chain("S", "A", "B", "A").chain("B", "C", "A").build(), "WF013");
    expect(cyc).toHaveLength(1);
    expect(cyc[0].message).toContain("C");
  });

  it("WF014 unreachable nodes and WF015 no start", () => {
    // S --> A      X <--> Y   (X, Y cannot be reached)
    const t = graph().chain("S", "A").chain("X", "Y", "X").build();
    expect(find(t, "WF014").map((d) => d.nodeId)).toEqual(["X", "Y"]);
    // A <--> B   (no start at all)
    expect(codes(graph().chain("A", "B", "A").build())).toContain("WF015");
    expect(find(graph().chain("S", "A").build(), "WF014")).toEqual([]);
    expect(find(graph().chain("S", "A").build(), "WF015")).toEqual([]);
  });

  it("WF016 repeated edges (warning)", () => {
    // A ==> B (twice)
    const d = find(graph().chain("A", "B").edge("A", "B").build(), "WF016");
    expect(d).toMatchObject([{ severity: "warning", path: "edges[1]" }]);
    expect(find(graph().chain("A", "B").build(), "WF016")).toEqual([]);
  });

  it("WF017 isolated nodes (warning)", () => {
    // A --> B     Z
    const t = graph().chain("A", "B").node("Z").build();
    expect(find(t, "WF017")).toMatchObject([{ nodeId: "Z", severity: "warning" }]);
    expect(validateTemplate(t).ok).toBe(true);
    expect(find(graph().node("Solo").build(), "WF017")).toEqual([]);
  });

  it("WF018 a workflow with no nodes", () => {
    // (empty)
    const empty = { template_id: "wft-empty-20261130", name: "Empty", nodes: [], edges: [] };
    expect(find(empty, "WF018")).toMatchObject([{ severity: "error", path: "nodes" }]);
    expect(validateTemplate(empty).ok).toBe(false);
    expect(find(graph().node("Solo").build(), "WF018")).toEqual([]);
  });
});

describe("routing", () => {
  it("WF020 gates need two branches", () => {
    // A --> G --yes--> B
    const one = graph().chain("A", "G", "B").build();
    one.nodes[1] = { ...one.nodes[1], type: "gate" } as (typeof one.nodes)[number];
    one.edges[1].label = "yes";
    expect(find(one, "WF020")).toMatchObject([{ nodeId: "G" }]);
    // A --> G --yes--> B ; G --no--> C
    const two = graph().node("G", { type: "gate" }).edge("G", "B", "yes").edge("G", "C", "no").node("B").node("C");
    expect(find(two.build(), "WF020")).toEqual([]);
  });

  it("WF021 duplicate labels and WF022 missing labels", () => {
    // G --yes--> B ; G --yes--> C ; G --> D
    const t = graph()
      .node("G", { type: "gate" })
      .nodesOf({}, "B", "C", "D")
      .edge("G", "B", "yes")
      .edge("G", "C", "yes")
      .edge("G", "D")
      .build();
    expect(find(t, "WF021")).toMatchObject([{ nodeId: "G", edge: { from: "G", to: "C" } }]);
    expect(find(t, "WF022")).toMatchObject([{ edge: { from: "G", to: "D" } }]);
    const ok = graph().node("G", { type: "gate" }).nodesOf({}, "B", "C").edge("G", "B", "yes").edge("G", "C", "else");
    expect(codes(ok.build())).toEqual([]);
  });

  it("WF025 / WF026 loop bounds", () => {
    // A --> L(loop) --> B
    const loop = (max_iter: number) =>
      graph().node("A").node("L", { type: "loop", max_iter, args_template: "x" }).chain("A", "L", "B").build();
    expect(find(loop(0), "WF025")).toMatchObject([{ nodeId: "L", field: "max_iter" }]);
    expect(find(loop(101), "WF026")).toMatchObject([{ nodeId: "L" }]);
    expect(codes(loop(3))).toEqual([]);
    expect(codes(loop(2.5))).toContain("WF001");
  });
});

describe("fallbacks", () => {
  it("WF030 fallback target must exist", () => {
    // A --> B (on_fail: fallback:ghost)
    expect(find(graph().node("A", { on_fail: "fallback:ghost" }).chain("A", "B").build(), "WF030")).toMatchObject([
      { nodeId: "A", field: "on_fail" },
    ]);
    expect(codes(graph().node("A", { on_fail: "fallback:F" }).chain("A", "B").chain("F", "B").build())).toEqual([]);
  });

  it("WF031 fallback to itself", () => {
    expect(find(graph().node("A", { on_fail: "fallback:A" }).chain("A", "B").build(), "WF031")).toHaveLength(1);
  });

  it("WF032 fallback chains that loop", () => {
    // A --> B --> C ; A falls back to B, B to A
    const t = graph()
      .node("A", { on_fail: "fallback:B" })
      .node("B", { on_fail: "fallback:A" })
      .node("C", { on_fail: "fallback:A" })
      .chain("A", "B", "C")
      .build();
    const d = find(t, "WF032");
    expect(d).toHaveLength(1);
    expect(d[0].message).toContain("A → B → A");
  });
});

describe("node contents", () => {
  it("WF040 check paths stay in the workspace", () => {
    const bad = graph()
      .node("A", { checks: [{ type: "file_exists", path: "../etc/passwd" }] })
      .build();
    expect(find(bad, "WF040")).toMatchObject([{ nodeId: "A", path: "nodes[0].checks[0].path" }]);
    const abs = graph()
      .node("A", { preconditions: [{ type: "file_exists", path: "/etc/passwd" }] })
      .build();
    expect(find(abs, "WF040")).toHaveLength(1);
    const ok = graph()
      .node("A", { checks: [{ type: "file_exists", path: "out/{goal}.md" }] })
      .vars("goal")
      .build();
    expect(codes(ok)).toEqual([]);
  });

  it("WF041 invalid patterns; a check missing its field is a schema error", () => {
    const bad = graph()
      .node("A", { checks: [{ type: "file_contains", path: "a.txt", pattern: "([" }] })
      .build();
    expect(find(bad, "WF041")).toHaveLength(1);
    // The engine matches with RE2: a look-ahead JavaScript accepts is refused, as the engine would.
    const lookahead = graph()
      .node("A", { checks: [{ type: "file_contains", path: "a.txt", pattern: "a(?=b)" }] })
      .build();
    expect(find(lookahead, "WF041")).toHaveLength(1);
    const missing = graph()
      .node("A", { checks: [{ type: "command" }] })
      .build();
    expect(find(missing, "WF001")[0].path).toBe("nodes[0].checks[0].run");
    const ok = graph()
      .node("A", { checks: [{ type: "file_contains", path: "a.txt", pattern: "^ok$" }] })
      .build();
    expect(codes(ok)).toEqual([]);
  });

  it("WF070 shell below rwx, WF071 git below git", () => {
    expect(find(graph().node("A", { type: "shell", tier: "rw" }).build(), "WF070")).toMatchObject([{ field: "tier" }]);
    expect(codes(graph().node("A", { type: "shell", tier: "rwx" }).build())).toEqual([]);
    expect(codes(graph().node("A", { type: "shell" }).build())).toEqual([]);
    const git = (tier: string) =>
      graph().node("A", { type: "shell", tier, args_template: "npm test && git commit -am wip" }).build();
    expect(find(git("rwx"), "WF071")).toHaveLength(1);
    expect(codes(git("git"))).toEqual([]);
    const check = graph()
      .node("A", { tier: "ro", checks: [{ type: "command", run: "git diff --quiet" }] })
      .build();
    expect(find(check, "WF071")).toHaveLength(1);
    expect(codes(graph().node("A", { type: "shell", tier: "rwx", args_template: "echo digit" }).build())).toEqual([]);
  });

  it("WF102 network: false on a node that starts no process; fine wherever a process runs", () => {
    const human = find(graph().node("H", { type: "human", network: false }).build(), "WF102");
    expect(human).toMatchObject([{ nodeId: "H", field: "network", severity: "warning" }]);
    expect(human[0].message).toMatch(/Node "H" sets network: false, but a human node starts no process/);
    expect(
      find(graph().node("X", { type: "http", url: "https://example.com", network: false }).build(), "WF102"),
    ).toHaveLength(1);
    const running = [
      { type: "shell", args_template: "true" },
      { type: "agent", prompt: "hi" },
      { type: "skill", executor: "lint" },
      { type: "gate", args_template: "echo a" },
      { type: "checkpoint", checks: [{ type: "command", run: "true" }] },
    ];
    for (const fields of running)
      expect(
        find(
          graph()
            .node("A", { ...fields, network: false })
            .build(),
          "WF102",
        ),
        fields.type,
      ).toEqual([]);
    expect(find(graph().node("A", { type: "shell", args_template: "true", network: "no" }).build(), "WF102")).toEqual(
      [],
    );
    expect(
      codes(graph().node("A", { type: "shell", args_template: "true", network: "no" }).build()).length,
    ).toBeGreaterThan(0);
  });

  it("WF095 a node id of secrets (reserved for {secrets.NAME}); a secret reference itself is fine", () => {
    expect(find(graph().node("secrets").build(), "WF095")).toEqual([
      expect.objectContaining({ severity: "error", nodeId: "secrets", field: "id" }),
    ]);
    const usesSecret = graph().node("A", { type: "shell", args_template: "curl -H 'X: {secrets.TOKEN}' x" }).build();
    expect(codes(usesSecret)).not.toContain("WF050");
    expect(codes(usesSecret)).not.toContain("WF095");
  });

  it("WF072 nodes with nothing to run", () => {
    expect(find(graph().node("A", { type: "shell", args_template: " " }).build(), "WF072")).toHaveLength(1);
    expect(find(graph().node("A", { executor: undefined }).build(), "WF072")).toHaveLength(1);
    expect(find(graph().node("A", { type: "agent", args_template: undefined }).build(), "WF072")).toHaveLength(1);
    expect(codes(graph().node("A", { type: "agent", args_template: undefined, prompt: "hi" }).build())).toEqual([]);
  });

  it("WF090 a command the shell cannot read, at its line and column; WF091 a reference that cannot be data", () => {
    const unclosed = graph().node("A", { type: "shell", args_template: "echo ok &&\n  echo 'oops" }).build();
    expect(find(unclosed, "WF090")).toMatchObject([
      { severity: "error", nodeId: "A", field: "args_template", path: "nodes[0].args_template", line: 2, column: 8 },
    ]);
    const check = graph()
      .node("A", { type: "shell", args_template: "true", checks: [{ type: "command", run: 'test -f "x' }] })
      .build();
    expect(find(check, "WF090")).toMatchObject([{ field: "checks[0].run", line: 1, column: 9 }]);
    const inParam = graph().vars("x").node("A", { type: "shell", args_template: "echo ${v:-{x}}" }).build();
    expect(find(inParam, "WF091")).toMatchObject([{ nodeId: "A", field: "args_template", line: 1, column: 11 }]);
    // An agent prompt is not a command line.
    expect(codes(graph().node("A", { type: "agent", prompt: "it's" }).build())).toEqual([]);
  });
});

describe("references", () => {
  it("WF050 unknown node and WF051 node that is not upstream", () => {
    // A --> B --> C ; A refers to C (downstream), B to Z (no such node)
    const t = graph()
      .node("A", { args_template: "{C.output}" })
      .node("B", { args_template: "--in {Z.output}" })
      .chain("A", "B", "C")
      .build();
    expect(find(t, "WF050")).toMatchObject([{ nodeId: "B", field: "args_template", line: 1, column: 6 }]);
    expect(find(t, "WF051")).toMatchObject([{ nodeId: "A", field: "args_template" }]);
    // A --> B --> C ; C refers to A (two steps upstream)
    const ok = graph().node("C", { args_template: "{A.output} {A.session_id}" }).chain("A", "B", "C").build();
    expect(codes(ok)).toEqual([]);
  });

  it("WF051 for a parallel sibling", () => {
    // A --> B ; A --> C ; C refers to B
    const t = graph().node("C", { args_template: "{B.output}" }).chain("A", "B").chain("A", "C").build();
    expect(find(t, "WF051")).toHaveLength(1);
  });

  it("WF052 variables missing from context_schema, WF055 unused ones", () => {
    const t = graph().node("A", { args_template: "{goal} in {scope}" }).vars("goal", "unused").build();
    expect(find(t, "WF052")).toMatchObject([{ nodeId: "A", column: 11 }]);
    expect(find(t, "WF055")).toMatchObject([{ severity: "info", field: "unused" }]);
    expect(codes(graph().node("A", { args_template: "{goal} ${HOME} {{x}}" }).vars("goal").build())).toEqual([]);
  });

  it("WF053 prev references without an upstream node, WF054 iteration outside a loop", () => {
    // A --> B
    const t = graph()
      .node("A", { args_template: "{prev_output} {iteration}" })
      .node("B", { args_template: "{prev_output_path}" })
      .chain("A", "B")
      .build();
    expect(find(t, "WF053").map((d) => d.nodeId)).toEqual(["A"]);
    expect(find(t, "WF054").map((d) => d.nodeId)).toEqual(["A"]);
    const loop = graph().node("L", { type: "loop", args_template: "round {iteration}" }).build();
    expect(codes(loop)).toEqual([]);
  });

  it("checks references in checks, conditions and headers", () => {
    const t = graph()
      .node("A", {
        type: "http",
        url: "http://x/{a}",
        headers: { Auth: "{b}" },
        checks: [{ type: "command", run: "test {c}" }],
      })
      .build();
    expect(find(t, "WF052").map((d) => d.field)).toEqual(["url", "headers.Auth", "checks[0].run"]);
  });
});

describe("groups and checkpoint lists", () => {
  it("WF060 edges inside a parallel group", () => {
    // A --> B --> C, B and C both in group "g"
    const t = graph()
      .node("B", { parallel_group: "g" })
      .node("C", { parallel_group: "g" })
      .chain("A", "B", "C")
      .build();
    expect(find(t, "WF060")).toMatchObject([{ edge: { from: "B", to: "C" } }]);
    // A --> B ; A --> C (fan-out)
    const ok = graph()
      .node("B", { parallel_group: "g" })
      .node("C", { parallel_group: "g" })
      .chain("A", "B")
      .chain("A", "C");
    expect(codes(ok.build())).toEqual([]);
  });

  it("WF080 / WF081 checkpoints[] entries, WF082 unlisted checkpoint nodes", () => {
    // A --> CP --> B
    const base = graph().node("CP", { type: "checkpoint" }).chain("A", "CP", "B");
    expect(codes(base.build())).toEqual([]);
    expect(find(base.build(), "WF080")).toEqual([]);
    expect(find(base.set({ checkpoints: ["CP", "ghost", "A"] }).build(), "WF080")).toMatchObject([
      { path: "checkpoints[1]" },
    ]);
    expect(find(base.set({ checkpoints: ["CP", "A"] }).build(), "WF081")).toMatchObject([{ nodeId: "A" }]);
    expect(find(base.set({ checkpoints: [] }).build(), "WF082")).toMatchObject([{ nodeId: "CP", severity: "warning" }]);
  });

  it("WF083 atomic groups naming unknown nodes", () => {
    const t = graph()
      .chain("A", "B")
      .set({ atomic_groups: [{ name: "g", nodes: ["A", "Q"] }] })
      .build();
    expect(find(t, "WF083")).toMatchObject([{ nodeId: "Q", path: "atomic_groups[0].nodes[1]" }]);
    expect(
      codes(
        graph()
          .chain("A", "B")
          .set({ atomic_groups: [{ name: "g", nodes: ["A", "B"] }] })
          .build(),
      ),
    ).toEqual([]);
  });
});

describe("validateParsedTemplate", () => {
  it("finds what validateTemplate finds in a template the schema accepted", () => {
    const cases = [
      graph().node("A", { args_template: "{goal}" }).chain("A", "B", "C").vars("goal").build(),
      graph().chain("A", "B").edge("B", "ghost").edge("nobody", "A").build(),
      graph().chain("S", "A", "B", "C", "A").build(),
      graph().chain("A", "B").edge("A", "B").node("Z").build(),
      graph().node("G", { type: "gate" }).edge("G", "B", "yes").node("B").build(),
      graph().node("A", { args_template: "{undeclared}" }).build(),
    ];
    for (const raw of cases) {
      const parsed = parseTemplate(raw);
      if (!parsed.ok) throw new Error(parsed.diagnostics[0].message);
      const full = validateTemplate(raw);
      expect(validateParsedTemplate(parsed.template)).toEqual(full);
    }
    expect(cases.filter((t) => !validateTemplate(t).ok)).toHaveLength(4);
  });
});
