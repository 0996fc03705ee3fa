/**
 * Round trips on generated templates: template → Mermaid → template and template → playbook
 * YAML → template keep the graph; exported Mermaid is accepted by the mermaid library itself.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { NODE_TYPES, type Template } from "@/lib/workflow/model/template-schema";
import { importMermaid } from "./mermaid-to-template";
import { importPlaybook } from "./playbook-to-template";
import { toMermaid } from "./to-mermaid";
import { toPlaybookYaml } from "./to-playbook-yaml";
import { applyYamlTemplateExtras } from "./yaml-template-extras";

const text = (max: number) =>
  fc
    .string({ unit: "grapheme", minLength: 1, maxLength: max })
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
const plainId = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,5}(-[0-9]{1,3})?$/);
const anyId = fc.oneof(
  plainId,
  plainId,
  text(8),
  fc.constantFrom("end", "style", "call", "href", "LR", "o1", "x2", "N-001", "a b", 'q"u|o#te', "a\u2028b"),
);

interface GenOptions {
  everyNodeHasPhase: boolean;
}

/** A template with 1–10 nodes, edges only from earlier to later nodes (acyclic), optional phases. */
function templateArb({ everyNodeHasPhase }: GenOptions): fc.Arbitrary<Template> {
  return fc
    .record({
      name: text(20),
      ids: fc.uniqueArray(anyId, { minLength: 1, maxLength: 10 }),
      phaseNames: fc.uniqueArray(text(10), { minLength: 1, maxLength: 3 }),
      seed: fc.array(
        fc.record({
          name: text(15),
          type: fc.constantFrom(...NODE_TYPES),
          phase: fc.nat(3),
          maxIter: fc.integer({ min: 1, max: 9 }),
          executor: fc.option(fc.constantFrom("main", "explore", "sh", "claude"), { nil: undefined }),
        }),
        { minLength: 10, maxLength: 10 },
      ),
      edgeSeed: fc.array(fc.tuple(fc.nat(9), fc.nat(9), fc.option(text(6), { nil: undefined })), { maxLength: 15 }),
    })
    .map(({ name, ids, phaseNames, seed, edgeSeed }) => {
      const nodes = ids.map((id, i) => {
        const s = seed[i];
        const phase =
          everyNodeHasPhase || s.phase < phaseNames.length ? phaseNames[s.phase % phaseNames.length] : undefined;
        return {
          id,
          name: s.name,
          type: s.type,
          ...(s.type === "loop" ? { max_iter: s.maxIter } : {}),
          ...(s.executor ? { executor: s.executor } : {}),
          ...(phase !== undefined ? { phase } : {}),
        };
      });
      const seen = new Set<string>();
      const edges = edgeSeed.flatMap(([a, b, label]) => {
        const [i, j] = [a % ids.length, b % ids.length];
        if (i >= j || seen.has(`${i}/${j}`)) return [];
        seen.add(`${i}/${j}`);
        return [{ from: ids[i], to: ids[j], ...(label ? { label } : {}) }];
      });
      const usedPhases = [...new Set(nodes.map((n) => n.phase).filter((p): p is string => p !== undefined))];
      return {
        template_id: "wft-generated",
        name,
        description: "",
        version: "1.0",
        tags: [],
        context_schema: {},
        ...(usedPhases.length ? { phases: usedPhases.map((p) => ({ name: p })) } : {}),
        nodes,
        edges,
        checkpoints: [],
        atomic_groups: [],
        execution_mode: "parallel",
        metadata: {},
      } as Template;
    });
}

/** The part of a template both formats must carry. */
function graphOf(t: Template) {
  return {
    name: t.name,
    phases: t.phases?.map((p) => p.name),
    nodes: t.nodes.map((n) => ({
      id: n.id,
      name: n.name,
      type: n.type,
      phase: n.phase,
      max_iter: n.type === "loop" ? n.max_iter : undefined,
      executor: n.executor,
    })),
    edges: t.edges.map((e) => ({ from: e.from, to: e.to, label: e.label })),
  };
}

describe("template → Mermaid → template", () => {
  it("keeps ids, names, types, phases, max_iter, executors, edges and labels", () => {
    fc.assert(
      fc.property(templateArb({ everyNodeHasPhase: false }), (t) => {
        const back = importMermaid(toMermaid(t));
        expect(back.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
        expect(graphOf(back.template!)).toEqual(graphOf(t));
        // The front matter carries the rest: the whole template comes back.
        expect(back.template).toEqual(t);
      }),
      { numRuns: 300 },
    );
  });

  it("example: a gate with branches", () => {
    // A ──▶ G{ok?} ──yes──▶ B
    //              └─no───▶ C
    const t = importMermaid("flowchart LR\n  A --> G{ok?}\n  G -->|yes| B\n  G -->|no| C").template!;
    expect(toMermaid(t)).toContain('G{"ok?"}');
    expect(graphOf(importMermaid(toMermaid(t)).template!)).toEqual(graphOf(t));
  });
});

describe("exported Mermaid is valid for the mermaid library", () => {
  // mermaid needs DOMPurify's hooks, which exist only with a DOM. Without jsdom we give the
  // DOMPurify instance mermaid imports no-op hooks and an identity sanitize: the parser under
  // test is mermaid's own. (Rendering to SVG needs a browser and is covered by e2e.)
  let parse: (text: string) => Promise<unknown>;
  /** Vertex ids and edges as the mermaid library itself reads the text. */
  let mermaidGraph: (text: string) => Promise<{ ids: string[]; edges: string[] }>;
  beforeAll(async () => {
    const { default: purify } = await import("dompurify");
    Object.assign(purify as object, { addHook() {}, removeHook() {}, removeAllHooks() {}, sanitize: (s: string) => s });
    const { default: mermaid } = await import("mermaid");
    parse = (t) => mermaid.parse(t);
    mermaidGraph = async (t) => {
      await mermaid.parse(t);
      // The flowchart's db is internal API; the cast names only what the test reads.
      const db = (await mermaid.mermaidAPI.getDiagramFromText(t)).db as unknown as {
        getVertices(): Map<string, unknown>;
        getEdges(): { start: string; end: string }[];
      };
      return { ids: [...db.getVertices().keys()], edges: db.getEdges().map((e) => `${e.start}>${e.end}`) };
    };
  });

  /*
   *  A ──▶ open_bug ──▶ xray ──▶ o ──▶ x-1
   */
  it("ids starting with o or x keep their ids through export, the mermaid parser and import", async () => {
    const t = importMermaid("flowchart TD\n  A --> open_bug --> xray --> o --> x-1").template!;
    const text = toMermaid(t);
    const ids = ["A", "open_bug", "xray", "o", "x-1"];
    const edges = ["A>open_bug", "open_bug>xray", "xray>o", "o>x-1"];
    expect(await mermaidGraph(text)).toEqual({ ids, edges });
    const back = importMermaid(text).template!;
    expect(back.nodes.map((n) => n.id)).toEqual(ids);
    expect(back.edges.map((e) => `${e.from}>${e.to}`)).toEqual(edges);
  });

  it("generated ids starting with o or x: the mermaid parser and import read the export's graph alike", async () => {
    const oxId = fc.stringMatching(/^[ox][A-Za-z0-9_]{0,5}(-[0-9]{1,2})?$/);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(oxId, { minLength: 2, maxLength: 6 }),
        fc.array(fc.tuple(fc.nat(5), fc.nat(5)), { maxLength: 8 }),
        async (ids, pairs) => {
          const seen = new Set<string>();
          const edges = pairs.flatMap(([a, b]) => {
            const [i, j] = [a % ids.length, b % ids.length];
            if (i >= j || seen.has(`${i}/${j}`)) return [];
            seen.add(`${i}/${j}`);
            return [{ from: ids[i], to: ids[j] }];
          });
          const t = importMermaid("flowchart TD\n  A").template!;
          const template = { ...t, nodes: ids.map((id) => ({ ...t.nodes[0], id, name: id })), edges } as Template;
          const text = toMermaid(template);
          const seenByMermaid = await mermaidGraph(text);
          expect(seenByMermaid.ids).toEqual(ids);
          expect(seenByMermaid.edges).toEqual(edges.map((e) => `${e.from}>${e.to}`));
          expect(graphOf(importMermaid(text).template!)).toEqual(graphOf(template));
        },
      ),
      { numRuns: 60 },
    );
  });

  it("a hand-written `A ---open` is an edge to `pen` for the mermaid library, and so for import", async () => {
    const text = "flowchart TD\n  A ---open\n  B --x C\n  D -.-o E\n  F ==x G\n  H -->oval";
    const back = importMermaid(text).template!;
    const ours = { ids: back.nodes.map((n) => n.id), edges: back.edges.map((e) => `${e.from}>${e.to}`) };
    expect(ours).toEqual(await mermaidGraph(text));
    expect(ours.ids).toEqual(["A", "pen", "B", "C", "D", "E", "F", "G", "H", "oval"]);
  });

  it("the shim does not make everything pass", async () => {
    await expect(parse("flowchart TD\n  A[a|b] --> B")).rejects.toThrow();
  });

  it("a label starting with a backtick is not read as a Markdown string", async () => {
    // A ──▶ B   (A's name "`x" once made mermaid reject the `|type=` annotation)
    const t = importMermaid('flowchart TD\n  A["#96;x|type=shell"] --> B').template!;
    expect(t.nodes[0].name).toBe("`x");
    await expect(parse(toMermaid(t))).resolves.toBeTruthy();
    expect(graphOf(importMermaid(toMermaid(t)).template!)).toEqual(graphOf(t));
  });

  it("front matter carrying multi-line prompts with --- lines stays valid and lossless", async () => {
    // A ──▶ B
    const t = importMermaid("flowchart TD\n  A --> B").template!;
    const rich = {
      ...t,
      description: "x: y # z\n---\n%% not a comment",
      nodes: t.nodes.map((n) => ({ ...n, args_template: "line 1\n---\nline 3: {x}", output_ports: ["---"] })),
      context_schema: { x: { type: "string" as const, required: true, description: "---" } },
    } as Template;
    await expect(parse(toMermaid(rich))).resolves.toBeTruthy();
    expect(importMermaid(toMermaid(rich)).template).toEqual(rich);
  });

  it("parses toMermaid output of generated templates", async () => {
    await fc.assert(
      fc.asyncProperty(templateArb({ everyNodeHasPhase: false }), async (t) => {
        await expect(parse(toMermaid(t))).resolves.toBeTruthy();
      }),
      { numRuns: 60 },
    );
  });
});

describe("template → playbook YAML → template", () => {
  it("keeps the graph, and a second round trip changes nothing", () => {
    fc.assert(
      fc.property(templateArb({ everyNodeHasPhase: true }), (t) => {
        const once = importPlaybook(toPlaybookYaml(t));
        expect(once.diagnostics).toEqual([]);
        // depends_on lists edges by target task, so edge order follows the tasks (same set).
        const sorted = (x: ReturnType<typeof graphOf>) => ({
          ...x,
          edges: [...x.edges].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
        });
        const g = sorted(graphOf(once.template!));
        const expected = sorted(graphOf(t));
        // Import fills in the capability's default executor where the template had none.
        expect({ ...g, nodes: g.nodes.map((n) => ({ ...n, executor: undefined })) }).toEqual({
          ...expected,
          nodes: expected.nodes.map((n) => ({ ...n, executor: undefined })),
        });
        for (const [i, n] of t.nodes.entries())
          if (n.executor) expect(once.template!.nodes[i].executor).toBe(n.executor);
        expect(importPlaybook(toPlaybookYaml(once.template!)).template).toEqual(once.template);
        // With the extension fields applied (what importWorkflow does) the whole template comes back.
        expect(applyYamlTemplateExtras(once.template!)).toEqual(t);
      }),
      { numRuns: 200 },
    );
  });

  it("keeps variables, checks, on_fail and prompts", () => {
    // plan ──▶ build
    const t = importPlaybook(
      [
        "name: ship",
        "description: d",
        "variables:",
        '  issue: ""',
        "  branch: main",
        "  tries: 3",
        "tasks:",
        "  - { name: plan, phase: p, capability: research, prompt: 'Read {{ variables.issue }}', success: s }",
        "  - name: build",
        "    phase: p",
        "    capability: implementation",
        "    prompt: Build on {{ variables.branch }}",
        "    success: tests pass",
        "    depends_on: [plan]",
        "    on_failure: skip",
        "    checks: [{ type: command, run: npm test }]",
      ].join("\n"),
    ).template!;
    const yaml = toPlaybookYaml(t);
    expect(yaml).toContain("{{ variables.issue }}");
    expect(applyYamlTemplateExtras(importPlaybook(yaml).template!)).toEqual(t);
    // A playbook-born template loses nothing, so its export carries no extension block.
    expect(yaml).not.toContain("wf_template");
  });
});
