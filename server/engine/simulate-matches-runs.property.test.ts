/**
 * Property: for random small templates and random outcomes, the simulated final statuses equal a real run's
 * (the engine on SQLite) with the same outcomes forced through fake executors.
 */
import { describe, expect, it } from "vitest";
import { parseTemplate } from "@/lib/workflow/model/parse-template";
import { validateTemplate } from "@/lib/workflow/validate/validate-template";
import { createEngineHarness } from "@/server/test-support/engine-harness";
import { createExecutorRegistry } from "./executors/executor-registry";
import { simulateTemplate } from "./simulate-template";

function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomCase(seed: number) {
  const rand = prng(seed);
  const n = 3 + Math.floor(rand() * 6);
  const ids = Array.from({ length: n }, (_, i) => `N${i}`);
  const policies = ["abort", "skip", "retry", undefined];
  const nodes = ids.map((id, i) => {
    const p = policies[Math.floor(rand() * policies.length)];
    const fb = i < n - 1 && rand() < 0.15 ? `fallback:${ids[n - 1]}` : undefined;
    return { id, name: id, type: "shell", args_template: "true", ...((fb ?? p) ? { on_fail: fb ?? p } : {}) };
  });
  const edges = [];
  for (let i = 1; i < n - 1; i++) {
    const from = Math.floor(rand() * i);
    edges.push({ from: ids[from], to: ids[i] });
  }
  const failing = new Set(ids.filter(() => rand() < 0.3));
  return {
    raw: {
      template_id: `p${seed}`,
      name: `p${seed}`,
      execution_mode: rand() < 0.3 ? "serial" : "parallel",
      nodes,
      edges,
    },
    failing,
  };
}

describe("simulation = real run with the same outcomes", () => {
  it("holds for 40 random templates", async () => {
    let compared = 0;
    for (let seed = 1; compared < 40 && seed < 400; seed++) {
      const { raw, failing } = randomCase(seed);
      const parsed = parseTemplate(raw);
      if (!parsed.ok || validateTemplate(parsed.template).diagnostics.some((d) => d.severity === "error")) continue;
      const template = parsed.template;
      const h = createEngineHarness({
        executors: createExecutorRegistry({
          shell: {
            run: (ctx) =>
              Promise.resolve(
                failing.has(ctx.nodeId) ? { status: "failed", error: "forced" } : { status: "succeeded", output: "" },
              ),
          },
        }),
      });
      try {
        const { runId } = h.engine.startRun({ template });
        const real = await h.engine.settled(runId);
        const mocks = Object.fromEntries(
          [...failing].map((id) => [id, { status: "failed" as const, error: "forced" }]),
        );
        const sim = simulateTemplate({ template, mocks });
        const pub = (s: string) => (s === "ready" || s === "running" || s === "interrupted" ? "pending" : s);
        const realStatuses = Object.fromEntries(Object.entries(real.nodes).map(([id, x]) => [id, pub(x.status)]));
        const simStatuses = Object.fromEntries(sim.result.nodes.map((x) => [x.id, x.status]));
        expect({ seed, nodes: simStatuses, run: sim.result.status }).toEqual({
          seed,
          nodes: realStatuses,
          run: real.status,
        });
        compared++;
      } finally {
        h.close();
      }
    }
    expect(compared).toBe(40);
  });
});
