import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LineCounter, parseDocument } from "yaml";
import templateJsonSchema from "@/lib/workflow/model/template.schema.json";
import { jsonPositions } from "./json-positions";
import { createPositionLocator } from "./position-locator";
import { createYamlLocator, type YamlPath } from "./yaml-locator";

/** Every path in `value`, plus one missing child under each container (it must land on the container). */
function pathsOf(value: unknown, prefix: YamlPath = []): YamlPath[] {
  const out: YamlPath[] = [prefix];
  if (Array.isArray(value)) {
    value.forEach((v, i) => out.push(...pathsOf(v, [...prefix, i])));
    out.push([...prefix, value.length], [...prefix, "0"], [...prefix, "x"]);
  } else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...prefix, k]));
    out.push([...prefix, "no such key"], [...prefix, 0]);
  }
  return out;
}

/** Both locators agree on the value and the key position of every path of `text`. */
function expectSameAsYaml(text: string) {
  const lineCounter = new LineCounter();
  const yaml = createYamlLocator(parseDocument(text, { lineCounter, uniqueKeys: false }), lineCounter);
  const ours = createPositionLocator(jsonPositions(text), text);
  for (const p of pathsOf(JSON.parse(text))) {
    expect({ path: p, at: ours.at(p), keyAt: ours.keyAt(p) }).toEqual({
      path: p,
      at: yaml.at(p),
      keyAt: yaml.keyAt(p),
    });
  }
}

const KEYS = ["id", "nodes", "a b", 'q"uote', "back\\slash", "ünï", "0", "12", "é\u0301", "tab\there", "😀"];
const SPACES = ["", " ", "  ", "\n", "\r\n", "\t", "\n    "];

const SCALARS = [
  "0",
  "-1.5e+3",
  "12",
  "true",
  "false",
  "null",
  '""',
  '"plain"',
  '"a\\"b\\\\c\\u00e9\\n"',
  '"😀 x"',
  '"\\/"',
];

/** A random JSON text: nested maps and lists, every kind of scalar, escapes, odd spacing, CRLF. */
const space = fc.constantFrom(...SPACES);
const { jsonText } = fc.letrec<{ jsonText: string; object: string; array: string }>((tie) => ({
  jsonText: fc.oneof({ maxDepth: 4 }, fc.constantFrom(...SCALARS), tie("object"), tie("array")),
  object: fc
    .tuple(
      fc.array(fc.tuple(space, fc.constantFrom(...KEYS), space, space, tie("jsonText"), space), { maxLength: 3 }),
      space,
    )
    .map(
      ([entries, empty]) =>
        `{${entries.map(([a, k, b, c, v, d]) => `${a}${JSON.stringify(k)}${b}:${c}${v}${d}`).join(",")}${entries.length ? "" : empty}}`,
    ),
  array: fc
    .tuple(fc.array(fc.tuple(space, tie("jsonText"), space), { maxLength: 3 }), space)
    .map(([items, empty]) => `[${items.map(([a, v, b]) => `${a}${v}${b}`).join(",")}${items.length ? "" : empty}]`),
}));

describe("jsonPositions", () => {
  it("gives the same line and column as the yaml package for every path of a template and the JSON Schema", () => {
    // Written the way people and Prettier write templates: short arrays on one line.
    const template = [
      "{",
      '  "template_id": "wft-demo-20260101",',
      '  "name": "Demo",',
      '  "tags": ["feature", "medium"],',
      '  "context_schema": { "goal": { "type": "string", "required": true } },',
      '  "nodes": [',
      '    { "id": "N-001", "name": "Plan", "type": "skill", "output_ports": ["plan"], "retries": { "max": 2 } },',
      "    {",
      '      "id": "N-002",',
      '      "name": "Build \\"it\\"",',
      '      "type": "shell",',
      '      "args_template": "make {N-001.output}",',
      '      "checks": [{ "type": "file_exists", "path": "out/" }]',
      "    }",
      "  ],",
      '  "edges": [{ "from": "N-001", "to": "N-002" }]',
      "}",
      "",
    ].join("\n");
    for (const value of [JSON.parse(template), templateJsonSchema]) {
      expectSameAsYaml(JSON.stringify(value, null, 2));
      expectSameAsYaml(JSON.stringify(value));
      expectSameAsYaml(JSON.stringify(value, null, "\t").replace(/\n/g, "\r\n"));
    }
    expectSameAsYaml(template);
  });

  it("agrees with yaml on 2,000 random documents (escapes, unicode, CRLF, empty containers, spacing)", () => {
    fc.assert(
      fc.property(jsonText, (text) => {
        expect(() => JSON.parse(text), text).not.toThrow();
        expectSameAsYaml(text);
      }),
      { numRuns: 2000, seed: 20261201 },
    );
  });

  it("a repeated key points at its first occurrence, as yaml does", () => {
    expectSameAsYaml('{ "a": 1, "b": [true], "a": { "c": 2 } }');
    const at = createPositionLocator(jsonPositions('{"a": 1,\n "a": 2}'), '{"a": 1,\n "a": 2}').at(["a"]);
    expect(at).toEqual({ line: 1, column: 7 });
  });

  it("a scalar document is its own position", () => {
    expectSameAsYaml('  "just a string"');
    expectSameAsYaml("\n\n42");
  });
});
