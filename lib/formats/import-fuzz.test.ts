/**
 * Fuzz: random mutations of valid Mermaid, Markdown, playbook and JSON inputs never make an
 * importer throw; each result is a template or at least one error, and every diagnostic is
 * well-formed and points inside the file.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DiagnosticSchema } from "@/lib/workflow/model/diagnostic";
import { exportWorkflow } from "./export-workflow";
import { importWorkflow } from "./import-workflow";
import { validateWorkflow } from "./validate-workflow";

const MERMAID = `---
title: Fuzz
---
flowchart LR
  %% comment
  A[Fetch|type=tool] --> B{ok?}
  B -->|yes| C(["Load|type=loop|max_iter=2"])
  B -- no --> D[[Retry]] & E>flag]
  subgraph S1 [Tests]
    u1["Unit"] ; u2[(Lint)]
  end
  A -.-> u1 ==> F[/para/]
  classDef x fill:#f00
<tool allow="bash,sql">
<step node="A" type="tool" tools="bash">
  rsync it
</step>
</tool>
`;

const PLAYBOOK = `name: fuzz
description: d
phases: [{ name: p }]
variables:
  issue: ""
tasks:
  - name: a
    phase: p
    capability: research
    prompt: Read {{ variables.issue }}
    success: done
    checks: [{ type: file_exists, path: x }]
  - name: b
    phase: p
    capability: decision
    prompt: !include ok.md
    success: ok
    depends_on: [a]
    on_failure: fallback:a
`;

const JSON_TEMPLATE = JSON.stringify(
  {
    template_id: "wft-fuzz",
    name: "Fuzz",
    nodes: [
      { id: "a", name: "A", type: "shell", args_template: "echo {x}" },
      { id: "g", name: "G", type: "gate", condition: "{a.output}" },
      { id: "b", name: "B", type: "agent", args_template: "go" },
    ],
    edges: [
      { from: "a", to: "g" },
      { from: "g", to: "b", label: "yes" },
    ],
    context_schema: { x: { type: "string" } },
  },
  null,
  2,
);

const SOURCES: [string, string][] = [
  ["f.mmd", MERMAID],
  ["f.md", "# Doc\n\n```mermaid\n" + MERMAID.replace(/^---[\s\S]*?---\n/, "") + "```\n"],
  ["f.yaml", PLAYBOOK],
  ["f.json", JSON_TEMPLATE],
];

const SYNTAX = [..."[](){}|\"'<>-=.&;%:#!/\\\n\t ,*?"];
const mutation = fc.oneof(
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat(), len: fc.integer({ min: 1, max: 12 }) }),
  fc.record({
    kind: fc.constant("insert" as const),
    at: fc.nat(),
    s: fc.string({ unit: fc.constantFrom(...SYNTAX), maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant("garbage" as const), at: fc.nat(), s: fc.string({ unit: "grapheme", maxLength: 6 }) }),
  fc.record({ kind: fc.constant("dupLine" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("swapLines" as const), at: fc.nat(), len: fc.nat() }),
);
type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;

function mutate(text: string, m: Mutation): string {
  const at = m.at % (text.length + 1);
  const lines = text.split("\n");
  switch (m.kind) {
    case "delete":
      return text.slice(0, at) + text.slice(at + m.len);
    case "insert":
    case "garbage":
      return text.slice(0, at) + m.s + text.slice(at);
    case "dupLine": {
      const i = m.at % lines.length;
      return [...lines.slice(0, i + 1), ...lines.slice(i)].join("\n");
    }
    case "swapLines": {
      const [i, j] = [m.at % lines.length, m.len % lines.length];
      [lines[i], lines[j]] = [lines[j], lines[i]];
      return lines.join("\n");
    }
  }
}

describe("importers on mutated input", () => {
  it("the unmutated sources import cleanly", () => {
    for (const [filename, text] of SOURCES) {
      const r = importWorkflow({ filename, text, resolveInclude: () => "Approve?" });
      expect(
        r.diagnostics.filter((d) => d.severity === "error"),
        filename,
      ).toEqual([]);
    }
  });

  it("never throw, and yield a template or an error diagnostic inside the file", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SOURCES),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        ([filename, text], ms) => {
          const input = ms.reduce(mutate, text);
          const r = importWorkflow({
            filename,
            text: input,
            resolveInclude: (p) => (p === "ok.md" ? "Approve?" : undefined),
          });
          expect(r.template !== undefined || r.diagnostics.some((d) => d.severity === "error")).toBe(true);
          const lineCount = input.split("\n").length;
          for (const d of r.diagnostics) {
            expect(DiagnosticSchema.safeParse(d).success).toBe(true);
            if (d.line !== undefined) expect(d.line).toBeGreaterThanOrEqual(1);
            if (d.line !== undefined) expect(d.line).toBeLessThanOrEqual(lineCount);
          }
          const v = validateWorkflow({ filename, text: input });
          expect(typeof v.ok).toBe("boolean");
          if (r.template) {
            for (const format of ["mermaid", "yaml", "json"] as const) {
              const out = exportWorkflow(r.template, format);
              const back = importWorkflow({ filename: `x.${format === "mermaid" ? "mmd" : format}`, text: out });
              expect(back.template !== undefined || back.diagnostics.length > 0).toBe(true);
            }
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
