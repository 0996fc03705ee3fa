import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseReferences, referenceLookup, resolveReference, substituteReferences } from "./references";
import { listTemplateReferences, mapReferenceFields } from "./template-references";
import { graph } from "@/lib/workflow/test-support/test-graph-builder";

describe("parseReferences", () => {
  it("classifies every kind of reference with positions", () => {
    const text =
      "{goal} --resume {N-001.session_id}\n{prev_output} {prev_output_path} {prev_session_id} #{iteration} {N-2.output}";
    const refs = parseReferences(text);
    expect(refs.map((r) => r.kind)).toEqual(["variable", "node", "prev", "prev", "prev", "iteration", "node"]);
    expect(refs[0]).toMatchObject({ name: "goal", start: 0, end: 6, line: 1, column: 1 });
    expect(refs[1]).toMatchObject({ nodeId: "N-001", field: "session_id", raw: "{N-001.session_id}", column: 17 });
    expect(refs[2]).toMatchObject({ name: "prev_output", line: 2, column: 1 });
    expect(refs[5]).toMatchObject({ kind: "iteration", line: 2, column: 53 });
    expect(text.slice(refs[6].start, refs[6].end)).toBe("{N-2.output}");
  });

  it("ignores shell expansions, doubled braces, JSON and code", () => {
    expect(parseReferences('${HOME} {{ variables.x }} {{x}} {"a": 1} { spaced } fn(){ return 1 }')).toEqual([]);
    expect(parseReferences("")).toEqual([]);
  });
});

describe("substituteReferences", () => {
  it("replaces what the lookup knows, quotes values only, and reports the rest", () => {
    const ctx = { vars: { goal: "it's done" }, nodes: { "N-001": { output: "out", session_id: 7 } }, iteration: 2 };
    const quote = (v: string) => `'${v.replace(/'/g, `'\\''`)}'`;
    const r = substituteReferences(
      "echo {goal} {N-001.session_id} {N-001.missing} #{iteration} ${HOME}",
      referenceLookup(ctx),
      quote,
    );
    expect(r.text).toBe(`echo 'it'\\''s done' '7' {N-001.missing} #'2' \${HOME}`);
    expect(r.unresolved.map((u) => u.raw)).toEqual(["{N-001.missing}"]);
  });

  it("resolves prev references and stringifies objects as JSON", () => {
    const ctx = { prev: { prev_output: { a: 1 } }, vars: { n: 3 } };
    expect(resolveReference(parseReferences("{prev_output}")[0], ctx)).toBe('{"a":1}');
    expect(resolveReference(parseReferences("{n}")[0], ctx)).toBe("3");
    expect(resolveReference(parseReferences("{toString}")[0], ctx)).toBeUndefined();
    expect(substituteReferences("no refs", () => "x")).toEqual({ text: "no refs", unresolved: [] });
  });
});

describe("listTemplateReferences", () => {
  it("lists references of every template field with the node and field", () => {
    const t = graph()
      .node("A", { args_template: "{goal}", checks: [{ type: "file_exists", path: "{out}/x" }] })
      .node("B", { type: "gate", condition: "{A.output}" })
      .node("C", { type: "http", url: "http://h/{id}", headers: { X: "{token}" } })
      .node("W", { type: "workflow", template: "child", inputs: { env: "{env}", build: "{C.output}" } })
      .build();
    expect(listTemplateReferences(t).map((r) => [r.nodeId, r.field, r.ref.raw])).toEqual([
      ["A", "args_template", "{goal}"],
      ["A", "checks[0].path", "{out}"],
      ["B", "condition", "{A.output}"],
      ["C", "url", "{id}"],
      ["C", "headers.X", "{token}"],
      ["W", "inputs.env", "{env}"],
      ["W", "inputs.build", "{C.output}"],
    ]);
    expect(listTemplateReferences({ nodes: [null, 1, { id: 2, args_template: "{x}" }] })).toEqual([]);
  });

  it("maps reference fields without touching other fields", () => {
    const node = {
      id: "A",
      name: "{not a field}",
      args_template: "a",
      checks: [{ type: "command", run: "b" }],
      headers: { h: "c" },
      inputs: { env: "d" },
      template: "child",
    };
    expect(mapReferenceFields(node, (s) => s.toUpperCase())).toEqual({
      ...node,
      args_template: "A",
      checks: [{ type: "command", run: "B" }],
      headers: { h: "C" },
      inputs: { env: "D" },
    });
  });
});

describe("parseReferences against the grammar as a regular expression", () => {
  /** The grammar the hand scanner implements: `{ident}` / `{ident.ident}`, not after `$` or `{`. */
  function byRegex(text: string): { raw: string; start: number; line: number; column: number }[] {
    const re = /\{([A-Za-z_][\w-]*)(?:\.([A-Za-z_][\w-]*))?\}/g;
    const out: { raw: string; start: number; line: number; column: number }[] = [];
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      if (text[m.index - 1] === "$" || text[m.index - 1] === "{") continue;
      const before = text.slice(0, m.index).split("\n");
      out.push({ raw: m[0], start: m.index, line: before.length, column: before[before.length - 1].length + 1 });
    }
    return out;
  }

  it("finds the same references, at the same places, in any text", () => {
    const alphabet = fc.constantFrom(..."{}{}{}..$-_aZ9 \n".split(""), "N-001", "prev_output", "iteration", "x");
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }), (parts) => {
        const text = parts.join("");
        const got = parseReferences(text).map(({ raw, start, line, column }) => ({ raw, start, line, column }));
        expect(got).toEqual(byRegex(text));
      }),
      { numRuns: 2000 },
    );
  });
});
