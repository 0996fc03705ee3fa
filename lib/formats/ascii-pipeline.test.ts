import { describe, expect, it } from "vitest";
import { renderAsciiPipeline } from "@/lib/formats/ascii-pipeline";
import { injectCheckpoints } from "@/lib/workflow/inject-checkpoints";
import { graph } from "@/lib/workflow/test-graph-builder";

/**
 * wf-composer.txt Step 4.1, verbatim except one thing: the seed's N-002 row has one extra space
 * before its args (hand-drawn); every other row of the seed aligns the args column at 45.
 */
const SEED_STEP_4_1 = `Pipeline: feature-tdd-with-review
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
 * The seed's fan-out/fan-in example. Differences, both forced: the seed's hand-drawn corners
 * drift by a column (┐ at 34, ├ and ┘ at 35) — all sit at 35 here; and `[cli]` is shown as its
 * canonical type `[shell]` (seed names are normalised on import, DESIGN.md §2).
 */
const SEED_FAN = `Pipeline: review-and-test
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
  it("renders the seed's Step 4.1 pipeline", () => {
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
    expect(renderAsciiPipeline(t)).toBe(SEED_STEP_4_1);
  });

  it("renders the seed's fan-out/fan-in block", () => {
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
    expect(renderAsciiPipeline(t)).toBe(SEED_FAN);
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
});
