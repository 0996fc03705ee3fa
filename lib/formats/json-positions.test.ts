import { describe, expect, it } from "vitest";
import { LineCounter, parseDocument } from "yaml";
import templateJsonSchema from "@/lib/workflow/template.schema.json";
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

/** A small deterministic generator (mulberry32), so a failure names a seed that reproduces it. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KEYS = ["id", "nodes", "a b", 'q"uote', "back\\slash", "ünï", "0", "12", "é\u0301", "tab\there", "😀"];
const SPACES = ["", " ", "  ", "\n", "\r\n", "\t", "\n    "];

/** A random JSON text: nested maps and lists, every kind of scalar, escapes, odd spacing, CRLF. */
function randomJson(next: () => number, depth = 0): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
  const sp = () => pick(SPACES);
  const roll = next();
  if (depth < 4 && roll < 0.3) {
    const n = Math.floor(next() * 4);
    const entries = Array.from(
      { length: n },
      () => `${sp()}${JSON.stringify(pick(KEYS))}${sp()}:${sp()}${randomJson(next, depth + 1)}${sp()}`,
    );
    return `{${entries.join(",")}${n ? "" : sp()}}`;
  }
  if (depth < 4 && roll < 0.55) {
    const n = Math.floor(next() * 4);
    return `[${Array.from({ length: n }, () => `${sp()}${randomJson(next, depth + 1)}${sp()}`).join(",")}${n ? "" : sp()}]`;
  }
  return pick([
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
  ]);
}

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
    for (let seed = 1; seed <= 2000; seed++) {
      const text = randomJson(random(seed));
      expect(() => JSON.parse(text), `seed ${seed}`).not.toThrow();
      expectSameAsYaml(text);
    }
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
