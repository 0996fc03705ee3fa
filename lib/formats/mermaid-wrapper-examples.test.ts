/**
 * Process-contract wrappers as people write them (docs/formats.md; HTML comments, AML wrappers and all):
 * they import, validate clean, and the `<step>` blocks set type, label and brief.
 */
import { describe, expect, it } from "vitest";
import { validateWorkflow } from "./validate-workflow";

const WITH_STEPS = [
  "<!-- Per-node behavioural annotations via <step> -->",
  '<agent name="diagram-driver" mode="sync">',
  '  <tool allow="sql,bash">',
  '    <skill impl="dde-simple" mode="simple">',
  "      flowchart LR",
  "        A[Fetch data] --> B[Transform] --> C[Load]",
  "",
  '      <step node="A" type="tool" label="Fetch upstream data" tools="bash">',
  "        Pull the latest CSV from the SFTP server using rsync.",
  "        Verify the file hash matches the manifest.",
  "      </step>",
  "",
  '      <step node="B" label="Transform and validate" tools="sql">',
  "        Parse the CSV into the staging table. Run the validation",
  "        query and reject rows with null primary keys.",
  "      </step>",
  "",
  '      <step node="C" label="Load into warehouse" tools="sql">',
  "        INSERT validated rows into the production table.",
  "        Log the row count for the run report.",
  "      </step>",
  "    </skill>",
  "  </tool>",
].join("\n");

const WITH_SESSION = [
  "<!-- type=session delegates work to another project session -->",
  '<agent name="diagram-driver" mode="sync">',
  '  <tool allow="sql,bash">',
  '    <skill impl="dde-advanced" mode="advanced">',
  "      flowchart LR",
  "        A[Design] --> B[Implement] --> C[Review] --> D[Merge]",
  "",
  '      <step node="B" type="session" label="Implement feature">',
  "        Delegate implementation to the dev session. Send the spec",
  "        from node A as context via send_session_message.",
  "      </step>",
  "",
  '      <step node="C" type="manual" label="Human code review">',
  "        Pause for human review. The reviewer inspects the PR and",
  "        approves or requests changes.",
  "      </step>",
  "    </skill>",
  "  </tool>",
  "</agent>",
].join("\n");

describe("process-contract wrapper examples", () => {
  it("<step> blocks under a comment: tool → shell with its body as command line", () => {
    // A ──▶ B ──▶ C
    const v = validateWorkflow({ filename: "steps.mmd", text: WITH_STEPS });
    expect(v.diagnostics).toEqual([]);
    expect(v.ok).toBe(true);
    expect(v.mode).toBe("simple");
    const [a, b] = v.template!.nodes;
    expect(a).toMatchObject({ id: "A", type: "shell", name: "Fetch upstream data", tools: ["bash"] });
    expect(a.args_template).toMatch(/^Pull the latest CSV/);
    expect(b).toMatchObject({ id: "B", type: "agent", name: "Transform and validate" });
  });

  it("an HTML comment before the wrapper is ignored; session → agent, manual → human", () => {
    // A ──▶ B ──▶ C ──▶ D
    const v = validateWorkflow({ filename: "session.mmd", text: WITH_SESSION });
    expect(v.diagnostics).toEqual([]);
    expect(v.template!.nodes.map((n) => `${n.id}:${n.type}`)).toEqual(["A:agent", "B:agent", "C:human", "D:agent"]);
  });
});
