import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { graph } from "@/lib/workflow/test-support/test-graph-builder";
import { validateTemplate } from "./validate-template";

/** A realistic template to mutate: every node type, gates, loops, checks, references. */
function seedTemplate(): unknown {
  return graph("fuzz seed")
    .node("A", {
      type: "shell",
      args_template: "echo {goal}",
      tier: "rwx",
      checks: [{ type: "file_exists", path: "a" }],
    })
    .node("B", { type: "gate", condition: "{A.output}" })
    .node("C", { type: "loop", max_iter: 3, args_template: "{iteration}" })
    .node("D", { type: "agent", args_template: "{prev_output}", on_fail: "fallback:E", parallel_group: "g" })
    .node("E", { type: "human", prompt: "ok?", options: ["yes", "no"] })
    .node("CP", { type: "checkpoint", auto_continue: false })
    .node("H", { type: "http", url: "http://x/{goal}", headers: { a: "{goal}" } })
    .edge("A", "B")
    .edge("B", "C", "yes")
    .edge("B", "D", "no")
    .chain("C", "CP", "E", "H")
    .chain("D", "E")
    .vars("goal")
    .set({ atomic_groups: [{ name: "x", nodes: ["A", "B"] }], phases: [{ name: "p" }] })
    .build();
}

type Path = (string | number)[];

function allPaths(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  out.push(prefix);
  if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) allPaths(v, [...prefix, Array.isArray(value) ? Number(k) : k], out);
  return out;
}

/** Replaces (or deletes, for `undefined`) the value at `path`. */
function mutate(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const parent = path.slice(0, -1).reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], root);
  const key = path[path.length - 1];
  if (value === undefined && !Array.isArray(parent)) delete (parent as Record<string, unknown>)[key as string];
  else (parent as Record<string | number, unknown>)[key] = value;
  return root;
}

const garbage = fc.oneof(
  fc.anything(),
  fc.constantFrom(null, undefined, "", "N-001", "fallback:A", "fallback:", "{", "{A.output}", -1, 0, 1e9, NaN, [], {}),
);

function expectWellFormed(input: unknown) {
  const result = validateTemplate(input);
  expect(typeof result.ok).toBe("boolean");
  expect(["simple", "advanced"]).toContain(result.mode);
  for (const d of result.diagnostics) {
    expect(d.code).toMatch(/^WF\d{3}$/);
    expect(typeof d.message).toBe("string");
  }
  expect(result.ok).toBe(!result.diagnostics.some((d) => d.severity === "error"));
}

describe("validateTemplate never throws", () => {
  it("on random JSON-like values", () => {
    fc.assert(fc.property(fc.anything(), expectWellFormed), { numRuns: 500 });
  });

  it("on random objects shaped like templates", () => {
    const node = fc.dictionary(
      fc.constantFrom("id", "name", "type", "args_template", "on_fail", "max_iter", "checks", "tier", "parallel_group"),
      garbage,
    );
    const edge = fc.dictionary(fc.constantFrom("from", "to", "label"), garbage);
    const template = fc.record(
      {
        template_id: garbage,
        name: garbage,
        nodes: fc.array(fc.oneof(node, garbage)),
        edges: fc.array(fc.oneof(edge, garbage)),
        checkpoints: garbage,
        context_schema: garbage,
        atomic_groups: garbage,
      },
      { requiredKeys: [] },
    );
    fc.assert(fc.property(template, expectWellFormed), { numRuns: 500 });
  });

  it("on mutated valid templates", () => {
    expect(validateTemplate(seedTemplate()).diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const mutations = fc.array(fc.tuple(fc.nat(), garbage), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(mutations, (ops) => {
        let t = seedTemplate();
        for (const [pick, value] of ops) {
          const paths = allPaths(t);
          t = mutate(t, paths[pick % paths.length], value);
        }
        expectWellFormed(t);
      }),
      { numRuns: 1000 },
    );
  });

  it("on templates whose nodes lack ids or types", () => {
    expectWellFormed({
      template_id: "t",
      name: "n",
      nodes: [{}, { id: "" }, { id: "A" }, { type: "gate" }],
      edges: [{ from: "A" }, { to: "A" }, 5],
    });
    const r = validateTemplate({
      template_id: "t",
      name: "n",
      nodes: [{ id: "A", name: "A", type: "skill", executor: "x" }, { name: "no id" }],
      edges: [{ from: "A", to: "A" }],
    });
    expect(r.diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(["WF001", "WF012"]));
  });
});
