import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { finish, SLICE_ITEMS } from "@/lib/workflow/slices/sliced";
import { parseTemplate, parseTemplateInSlices } from "./parse-template";

const COUNT = 2 * SLICE_ITEMS + 20;

/** A large template as a person or a tool may write it: most nodes fine, a few odd, sometimes a broken one. */
const largeTemplate = fc
  .record({
    broken: fc.constantFrom(undefined, "node", "edge", "checkpoint", "top", "edges-not-a-list"),
    at: fc.nat({ max: COUNT - 1 }),
    withEdges: fc.boolean(),
    withCheckpoints: fc.boolean(),
    extra: fc.dictionary(fc.constantFrom("x_note", "owner", "metadata"), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
  })
  .map(({ broken, at, withEdges, withCheckpoints, extra }) => {
    const nodes: unknown[] = Array.from({ length: COUNT }, (_, i) =>
      i % 3 === 0
        ? { id: `n${i}`, name: `n${i}`, type: "checkpoint", auto_continue: true }
        : i % 3 === 1
          ? { id: `n${i}`, name: `n${i}`, type: "cli", args_template: "echo {x}", on_fail: "stop", retries: 1 }
          : {
              id: `n${i}`,
              name: `n${i}`,
              type: "human",
              prompt: "ok?",
              approval_timeout_s: 5,
              allow_self_approval: false,
            },
    );
    const edges: unknown[] = nodes
      .slice(1)
      .map((_, i) => ({ from: `n${i}`, to: `n${i + 1}`, label: i % 5 ? undefined : "l" }));
    const checkpoints: unknown[] = nodes.flatMap((_, i) => (i % 3 === 0 ? [`n${i}`] : []));
    if (broken === "node") nodes[at] = { id: `n${at}`, type: "no-such-type" };
    if (broken === "edge") edges[at % edges.length] = { from: 1 };
    if (broken === "checkpoint") checkpoints[at % checkpoints.length] = 7;
    const template: Record<string, unknown> = { template_id: "wft-large", name: "Large", nodes, ...extra };
    if (withEdges || broken === "edge") template.edges = edges;
    if (withCheckpoints || broken === "checkpoint") template.checkpoints = checkpoints;
    if (broken === "top") template.execution_mode = "sideways";
    if (broken === "edges-not-a-list") template.edges = { from: "n0" };
    return template;
  });

describe("parseTemplateInSlices", () => {
  it("gives what parseTemplate gives — the same template and JSON text, or the same diagnostics", () => {
    fc.assert(
      fc.property(largeTemplate, (raw) => {
        const whole = parseTemplate(raw);
        const sliced = finish(parseTemplateInSlices(raw));
        expect(sliced).toEqual(whole);
        if (sliced.ok && whole.ok) expect(JSON.stringify(sliced.template)).toBe(JSON.stringify(whole.template));
      }),
      { numRuns: 25 },
    );
  });

  it("yields between slices of a large template, and parses a small one at once", () => {
    const nodes = Array.from({ length: COUNT }, (_, i) => ({ id: `n${i}`, name: `n${i}`, type: "shell" }));
    const work = parseTemplateInSlices({ template_id: "t", name: "t", nodes });
    let slices = 0;
    let step = work.next();
    for (; !step.done; step = work.next()) slices++;
    expect(step.value.ok).toBe(true);
    expect(slices).toBeGreaterThanOrEqual(3);
    const small = parseTemplateInSlices({ template_id: "t", name: "t", nodes: nodes.slice(0, 3) });
    expect(small.next().done).toBe(true);
  });
});
