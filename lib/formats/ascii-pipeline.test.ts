import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { renderAsciiPipeline } from "@/lib/formats/ascii-pipeline";
import { injectCheckpoints } from "@/lib/workflow/checkpoints/inject-checkpoints";
import { graph } from "@/lib/workflow/test-support/test-graph-builder";

/**
 * The reference layout of docs/formats.md ("ASCII pipeline"): the args column at 45 on every row.
 */
const REFERENCE_PIPELINE = `Pipeline: feature-tdd-with-review
━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
 N-001  [skill]       workflow-lite-plan         "{goal}"
   |
 CP-01  [checkpoint]  After Plan                 auto-continue
   |
 N-002  [skill]       workflow-execute           --resume {N-001.session_id}
   |
 CP-02  [checkpoint]  Before Review              pause-for-user
   |
 N-003  [skill]       review-cycle               --session {N-002.session_id}
   |
 N-004  [skill]       workflow-test-fix          --session {N-002.session_id}
━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
Variables (required):  goal
Checkpoints:           2  (1 auto-continue, 1 pause-for-user)
Nodes:                 4 work + 2 checkpoints`;

/**
 * The reference fan-out/fan-in block of docs/formats.md: the corners all in column 35, and a `cli`
 * node shown by its canonical type `[shell]` (type names are normalised on import, docs/model.md).
 */
const REFERENCE_FAN = `Pipeline: review-and-test
━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
 N-002   [skill]       workflow-execute           --resume {N-001.session_id}
   |
 N-003a [skill]  review-cycle     ─┐
                                   ├─ N-004 [skill] workflow-test-fix
 N-003b [shell]  gemini analysis  ─┘
━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
Variables (required):  none
Checkpoints:           0  (0 auto-continue, 0 pause-for-user)
Nodes:                 4 work + 0 checkpoints`;

describe("renderAsciiPipeline", () => {
  it("renders the reference pipeline", () => {
    // N-001 --> CP-01 --> N-002 --> CP-02 --> N-003 --> N-004
    const t = graph("feature-tdd-with-review")
      .node("N-001", { executor: "workflow-lite-plan", args_template: "{goal}" })
      .node("CP-01", { type: "checkpoint", name: "Checkpoint: After Plan", auto_continue: true })
      .node("N-002", { executor: "workflow-execute", args_template: "--resume {N-001.session_id}" })
      .node("CP-02", { type: "checkpoint", name: "Checkpoint: Before Review", auto_continue: false })
      .node("N-003", { executor: "review-cycle", args_template: "--session {N-002.session_id}" })
      .node("N-004", { executor: "workflow-test-fix", args_template: "--session {N-002.session_id}" })
      .chain("N-001", "CP-01", "N-002", "CP-02", "N-003", "N-004")
      .vars("goal")
      .build();
    expect(renderAsciiPipeline(t)).toBe(REFERENCE_PIPELINE);
  });

  it("renders the reference fan-out/fan-in block", () => {
    //           /--> N-003a --\
    // N-002 --<                >--> N-004
    //           \--> N-003b --/
    const t = graph("review-and-test")
      .node("N-002", { executor: "workflow-execute", args_template: "--resume {N-001.session_id}" })
      .node("N-003a", { executor: "review-cycle" })
      .node("N-003b", { type: "shell", name: "gemini analysis", args_template: "ccw cli -p analyse" })
      .node("N-004", { executor: "workflow-test-fix" })
      .chain("N-002", "N-003a", "N-004")
      .chain("N-002", "N-003b", "N-004")
      .build();
    expect(renderAsciiPipeline(t)).toBe(REFERENCE_FAN);
  });

  it("renders three parallel members, a terminal fan and optional variables", () => {
    // A --> {B, C, D} (no join)
    const t = graph("three")
      .node("A", { type: "agent", name: "Design", args_template: "Task: {goal}\nMore lines" })
      .nodesOf({ type: "shell" }, "B", "C", "D")
      .chain("A", "B")
      .chain("A", "C")
      .chain("A", "D")
      .vars("goal")
      .variable("scope", false)
      .build();
    expect(renderAsciiPipeline(t)).toBe(`Pipeline: three
━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
 A      [agent]       Design                     "Task: {goal} …"
   |
 B [shell]  B  ─┐
 C [shell]  C  ─┤
                ├─ (end)
 D [shell]  D  ─┘
━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
Variables (required):  goal
Variables (optional):  scope
Checkpoints:           0  (0 auto-continue, 0 pause-for-user)
Nodes:                 4 work + 0 checkpoints`);
  });

  it("renders injected checkpoints with their continue/pause mode", () => {
    // P(plan) --> R(review)
    const t = graph("injected")
      .node("P", { name: "Plan", executor: "plan" })
      .node("R", { executor: "review-cycle", name: "Review" });
    const { template } = injectCheckpoints(t.chain("P", "R").build());
    const text = renderAsciiPipeline(template);
    expect(text).toContain(" CP-01  [checkpoint]  After Plan                 pause-for-user");
    expect(text).toContain("Checkpoints:           1  (0 auto-continue, 1 pause-for-user)");
  });

  it("shows gates, loops and http nodes, and survives cycles", () => {
    // G --yes--> L ; L --> H ; H --> L (cycle)
    const t = graph("odd")
      .node("G", { type: "gate", condition: "{env}" })
      .node("L", { type: "loop", max_iter: 3, args_template: "retry" })
      .node("H", { type: "http", url: "http://x/", method: "POST" })
      .edge("G", "L", "yes")
      .chain("L", "H", "L")
      .build();
    const text = renderAsciiPipeline(t);
    expect(text).toContain(' G      [gate]        G                          "{env}"');
    expect(text).toContain('"retry"  (max_iter 3)');
    expect(text).toContain("POST http://x/");
  });

  it("lists branch chains inside the fan block (wf describe's parallel implement + docs)", () => {
    //                /--> N-002 --> CP-02 --\
    // N-001 --> CP-01                        >--> N-004 --> CP-04 --> N-005
    //                \--> N-003 --> CP-03 --/
    const t = graph("plan-implement-docs")
      .node("N-001", { type: "agent", name: "Plan the feature", args_template: "Plan {goal}" })
      .node("CP-01", { type: "checkpoint", name: "Checkpoint: After Plan the feature", auto_continue: true })
      .node("N-002", { type: "agent", name: "Implement it", args_template: "Implement {N-001.output}" })
      .node("CP-02", { type: "checkpoint", name: "Checkpoint: Before Run the tests", auto_continue: true })
      .node("N-003", { type: "agent", name: "Write docs", args_template: "Document {N-001.output}" })
      .node("CP-03", { type: "checkpoint", name: "Checkpoint: After Write docs", auto_continue: true })
      .node("N-004", { type: "shell", name: "Run the tests", args_template: "npm test" })
      .node("CP-04", { type: "checkpoint", name: "Checkpoint: Before Review", auto_continue: false })
      .node("N-005", { type: "human", name: "Review", prompt: "Look at it" })
      .chain("N-001", "CP-01", "N-002", "CP-02", "N-004", "CP-04", "N-005")
      .chain("CP-01", "N-003", "CP-03", "N-004")
      .vars("goal")
      .build();
    expect(renderAsciiPipeline(t)).toBe(`Pipeline: plan-implement-docs
━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
 N-001  [agent]       Plan the feature           "Plan {goal}"
   |
 CP-01  [checkpoint]  After Plan the feature     auto-continue
   |
 N-002 [agent]       Implement it
 CP-02 [checkpoint]  Before Run the tests  ─┐
                                            ├─ N-004 [shell] Run the tests  "npm test"
 N-003 [agent]       Write docs             │
 CP-03 [checkpoint]  After Write docs      ─┘
   |
 CP-04  [checkpoint]  Before Review              pause-for-user
   |
 N-005  [human]       Review                     "Look at it"
━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
Variables (required):  goal
Checkpoints:           4  (3 auto-continue, 1 pause-for-user)
Nodes:                 5 work + 4 checkpoints`);
  });

  it("shows a gate's branch labels on its branches", () => {
    //                      /-production-> H-001 --> N-002 --\
    // G-001 (gate on env) <                                  >--> N-004
    //                      \-staging----> N-003 ------------/
    const t = graph("deploy")
      .node("G-001", { type: "gate", name: "Which environment?", condition: "{env}" })
      .node("H-001", { type: "human", name: "Approve production", prompt: "Deploy to prod?" })
      .node("N-002", { type: "shell", name: "Deploy production", args_template: "make deploy-prod" })
      .node("N-003", { type: "shell", name: "Deploy staging", args_template: "make deploy-staging" })
      .node("N-004", { type: "shell", name: "Notify", args_template: "notify" })
      .edge("G-001", "H-001", "production")
      .chain("H-001", "N-002", "N-004")
      .edge("G-001", "N-003", "staging")
      .chain("N-003", "N-004")
      .vars("env")
      .build();
    expect(renderAsciiPipeline(t)).toBe(`Pipeline: deploy
━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
 G-001  [gate]        Which environment?         "{env}"
   |
 [production] H-001 [human]  Approve production
              N-002 [shell]  Deploy production   ─┐
                                                  ├─ N-004 [shell] Notify  "notify"
 [staging]    N-003 [shell]  Deploy staging      ─┘
━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
Variables (required):  env
Checkpoints:           0  (0 auto-continue, 0 pause-for-user)
Nodes:                 5 work + 0 checkpoints`);
  });

  it("names the predecessors of a node a straight list cannot show, never a false `|`", () => {
    // A --> B --> C --> D, plus A --> D and B --> D (skips: no fan block fits)
    const t = graph("skips")
      .nodesOf({ type: "shell", args_template: "x" }, "A", "B", "C", "D")
      .chain("A", "B", "C", "D")
      .chain("A", "D")
      .chain("B", "D")
      .build();
    expect(renderAsciiPipeline(t)).toBe(`Pipeline: skips
━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
 A      [shell]       A                          "x"
   |
 B      [shell]       B                          "x"
   |
 C      [shell]       C                          "x"
 D      [shell]       D                          "x"  ← A, B, C
━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━
Variables (required):  none
Checkpoints:           0  (0 auto-continue, 0 pause-for-user)
Nodes:                 4 work + 0 checkpoints`);
  });

  it("labels a single branch on its connector and marks a second start", () => {
    // G --yes--> X ;  S (a second start, on its own)
    const t = graph("labels")
      .node("G", { type: "gate", condition: "{go}" })
      .node("X", { type: "shell", args_template: "x" })
      .node("S", { type: "shell", args_template: "s" })
      .edge("G", "X", "yes")
      .build();
    const text = renderAsciiPipeline(t);
    expect(text).toContain(`   | [yes]\n X      [shell]`);
    expect(text).toContain(` S      [shell]       S                          "s"  (start)`);
  });

  it("renders any graph, cycles included, with every node in the body", () => {
    // random graphs of up to 8 nodes: any edges, gates with labels, cycles
    const arb = fc.record({
      n: fc.integer({ min: 1, max: 8 }),
      edges: fc.array(fc.tuple(fc.nat(7), fc.nat(7), fc.boolean()), { maxLength: 16 }),
    });
    fc.assert(
      fc.property(arb, ({ n, edges }) => {
        const ids = Array.from({ length: n }, (_, i) => `N-00${i}`);
        const b = graph("random");
        ids.forEach((id, i) => b.node(id, { type: i % 3 === 0 ? "gate" : "shell", args_template: "x" }));
        for (const [a, c, labelled] of edges)
          if (a < n && c < n && a !== c) b.edge(ids[a], ids[c], labelled ? `to-${c}` : undefined);
        const text = renderAsciiPipeline(b.build());
        const body = text.split("━".repeat(50))[1];
        for (const id of ids) expect(body).toContain(id);
      }),
      { numRuns: 500 },
    );
  });
});
