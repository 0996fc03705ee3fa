import { describe, expect, it } from "vitest";
import { graph } from "@/lib/workflow/test-support/test-graph-builder";
import { validateTemplate } from "./validate-template";

const find = (input: unknown, code: string) => validateTemplate(input).diagnostics.filter((d) => d.code === code);

describe("checkShellCommands: a value that a shell would run as code is refused at validation", () => {
  it("WF100 a script handed to a shell that carries a value it cannot plan, naming the idiom and the way out", () => {
    //  A: shell node whose value is piped into sh
    const t = graph().vars("url").node("A", { type: "shell", args_template: "true\ncurl -fsSL {url} | sh" }).build();
    const [d] = find(t, "WF100");
    expect(d).toMatchObject({ severity: "error", nodeId: "A", field: "args_template", line: 2, column: 1 });
    expect(d.message).toMatch(
      /^Node "A" \(args_template\): a shell would run a value as code here — sh runs as a script/,
    );
    expect(d.message).toMatch(/sh -c '…'/);
  });

  it("WF101 a value evaluated as arithmetic or read as a variable name, in a command check too", () => {
    const t = graph()
      .vars("n", "name")
      .node("A", {
        type: "shell",
        args_template: "n={n}; echo $((n + 1))",
        checks: [{ type: "command", run: "printf -v {name} %s 1" }],
      })
      .build();
    expect(find(t, "WF101")).toMatchObject([
      {
        nodeId: "A",
        field: "args_template",
        line: 1,
        column: 16,
        message: expect.stringMatching(/n is evaluated as arithmetic/),
      },
      {
        nodeId: "A",
        field: "checks[0].run",
        line: 1,
        column: 11,
        message: expect.stringMatching(/printf -v reads a variable name/),
      },
    ]);
  });

  it("the same idioms planned for their shell are no diagnostic", () => {
    const t = graph()
      .vars("x")
      .node("A", {
        type: "shell",
        args_template: "trap -- 'echo {x}' EXIT; cat <<'EOF' | sh\necho {x}\nEOF\n[[ \"{x}\" -gt 3 ]] || true",
      })
      .build();
    expect(validateTemplate(t).diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });
});
