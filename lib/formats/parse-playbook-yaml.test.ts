import { describe, expect, it } from "vitest";
import { LineCounter, parseDocument } from "yaml";
import { parsePlaybookYaml, parseYamlSubset } from "@/lib/formats/parse-playbook-yaml";
import { createYamlLocator, type YamlPath } from "@/lib/formats/yaml-locator";
import { toMermaid } from "@/lib/formats/to-mermaid";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { playbookText } from "@/scripts/bench/formats.bench";

/** Every path into a value, plus paths that do not exist (a missing key, index, or a step into a scalar). */
function pathsOf(value: unknown, path: YamlPath = []): YamlPath[] {
  const out: YamlPath[] = [path, [...path, "missing"], [...path, 99]];
  if (Array.isArray(value)) {
    value.forEach((v, i) => out.push(...pathsOf(v, [...path, i])));
    if (value.length > 0) out.push([...path, "0"]);
  } else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...path, k]), [...path, 0]);
  return out;
}

/** The fast path must answer exactly as the `yaml` package: same value, same positions. */
function expectSameAsYaml(text: string): void {
  const fast = parseYamlSubset(text);
  expect(fast, "expected the text to be inside the subset").toBeDefined();
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  expect(doc.errors).toEqual([]);
  const value = doc.toJS();
  expect(fast!.value).toEqual(value);
  const slow = createYamlLocator(doc, lineCounter);
  for (const path of pathsOf(value)) {
    expect(fast!.locator.at(path), `at ${JSON.stringify(path)}`).toEqual(slow.at(path));
    expect(fast!.locator.keyAt(path), `keyAt ${JSON.stringify(path)}`).toEqual(slow.keyAt(path));
  }
}

const INSIDE: Record<string, string> = {
  "the benchmark's playbook": playbookText(40),
  "indented root, comments, quotes, flow lists, scalars": `  # a playbook
  name:   demo   # trailing comment
  description: 'single quoted: yes'
  version: 3
  enabled: true
  off: False
  nothing: ~
  also_nothing: null
  negative: -12
  tasks:
  - name: a#b
    depends_on: []
    tags: [x, y-z ,  w]
    prompt: "say {{ variables.x }} — ünïcode"

  -   name: second
      checks:
        - type: file_exists
          path: out/a.txt
      values:
        - plain words
        - "quoted"   # comment
        - 0
`,
  "a list at its key's indent, inside a list item": `tasks:
- name: a
  checks:
  - type: file_exists
    path: 'it is here'
  on_failure: skip
- name: b
  depends_on: [a]
  count: -0
  big: 123456789012345
variables:
  yes_or_no: yes
  flag: FALSE
`,
};

INSIDE["a Mermaid export's front matter (empty maps)"] = /^---\n([\s\S]*?)\n---\n/.exec(
  toMermaid(
    buildTemplate()
      .node("A", { args_template: "echo a" })
      .node("B", { type: "checkpoint", auto_continue: true })
      .edge("A", "B")
      .done(),
  ),
)![1];
INSIDE["empty maps with spaces and a comment"] = "a: {}\nb: { }   # none\nc:\n  d: {}\n";

const OUTSIDE: Record<string, string> = {
  "a tag": "tasks:\n  - !include more.yaml\n",
  "an anchor": "a: &x 1\nb: *x\n",
  "a block scalar": "prompt: |\n  line one\n  line two\n",
  "a multi-line plain scalar": "description: one\n  two\n",
  "an escape": 'a: "tab\\there"\n',
  "an escaped single quote": "a: 'it''s'\n",
  "an empty value": "a:\nb: 1\n",
  "a duplicate key": "a: 1\na: 2\n",
  "a float": "a: 1.5\n",
  "a number-like string": "a: 1st\n",
  "a flow map": "a: {b: 1}\n",
  "an unclosed empty map": "a: {\n",
  "a nested flow list": "a: [[1], 2]\n",
  "a quoted key": '"a": 1\n',
  "a document marker": "---\na: 1\n",
  "CRLF line ends": "a: 1\r\nb: 2\r\n",
  tabs: "a:\t1\n",
  "a nested mapping on one line": "a: b: c\n",
  "a scalar document": "just text\n",
  "an empty document": "",
  "a bad indent": "a:\n    b: 1\n  c: 2\n",
};

describe("parseYamlSubset (the playbook fast path)", () => {
  for (const [name, text] of Object.entries(INSIDE))
    it(`reads ${name} exactly as the yaml package does`, () => expectSameAsYaml(text));

  for (const [name, text] of Object.entries(OUTSIDE))
    it(`leaves ${name} to the yaml package`, () => expect(parseYamlSubset(text)).toBeUndefined());

  it("still reports syntax errors with their line and column (through the yaml package)", () => {
    const r = parsePlaybookYaml('name: x\ntasks:\n  - name: a\n    prompt: "open\n');
    expect(r.diagnostics.map((d) => d.code)).toEqual(["PB001"]);
    expect(r.diagnostics[0].line).toBeGreaterThan(0);
  });

  it("keeps !include markers (through the yaml package)", () => {
    expect(parsePlaybookYaml("tasks:\n  - !include more.yaml\n").value).toEqual({ tasks: ["!include more.yaml"] });
  });
});
