/**
 * The reading invariants over generated descriptions (fast-check, fixed seed): every action phrase
 * lands in exactly one step, in the order written; no step name begins or ends with a connective;
 * and the flow (order, parallel groups, pauses for people) is the one the description says.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateTemplate } from "@/lib/workflow/validate/validate-template";
import { describeWorkflow } from "./describe-workflow";
import { summarizeDescribed } from "./summarize-described";

const NOW = new Date("2026-11-29T10:00:00Z");
const VERBS = [
  ["fetch", "fetching"],
  ["clean", "cleaning"],
  ["compute", "computing"],
  ["draw", "drawing"],
  ["publish", "publishing"],
  ["deploy", "deploying"],
  ["build", "building"],
  ["write", "writing"],
  ["translate", "translating"],
  ["archive", "archiving"],
  ["summarize", "summarizing"],
  ["index", "indexing"],
  ["scan", "scanning"],
  ["train", "training"],
  ["export", "exporting"],
  ["validate", "validating"],
] as const;
const NOUNS = (
  "ledger roster catalog forecast manifest playbook backlog sitemap glossary invoice payroll inventory almanac " +
  "gazette dossier portfolio blueprint timetable brochure handbook cookbook yearbook logbook scorecard"
).split(" ");
const CONNECTIVE =
  /^(?:and|or|but|then|so|also|plus|each|both|once|when|while|after|before|first|firstly|second|secondly|third|thirdly|next|finally|lastly|afterwards|meanwhile)$/i;

type Shape =
  | "one"
  | "two-seq"
  | "and-parallel"
  | "three-parallel"
  | "with"
  | "while"
  | "also"
  | "list-parallel"
  | "each"
  | "in-turn";
interface Segment {
  shape: Shape;
  /** A condition on a person guarding the segment: before it, after it, or none. */
  guard: "none" | "lead" | "trail";
  guardWords: number;
  /** A pause step of its own before the segment. */
  pauseBefore: boolean;
}
const SIZE: Record<Shape, number> = {
  one: 1,
  "two-seq": 2,
  "and-parallel": 2,
  "three-parallel": 3,
  with: 2,
  while: 2,
  also: 2,
  "list-parallel": 2,
  each: 3,
  "in-turn": 3,
};
const PARALLEL: ReadonlySet<Shape> = new Set([
  "and-parallel",
  "three-parallel",
  "with",
  "while",
  "also",
  "list-parallel",
  "each",
]);
const LEAD_GUARDS = ["once I've approved it, ", "after I sign off, ", "with my OK, ", "once the team approves it, "];
const TRAIL_GUARDS = [" once I've approved it", " after I sign off", " after my approval", " when I say so"];
const PAUSES = ["wait for my OK", "pause so I can review", "let me check it"];
const JOINS = [", then ", ". Then ", ". Next, ", ", and then ", ". After that, ", " → ", "; afterwards, "];

const segment = fc.record({
  shape: fc.constantFrom<Shape>(...(Object.keys(SIZE) as Shape[])),
  guard: fc.constantFrom<Segment["guard"]>("none", "none", "lead", "trail"),
  guardWords: fc.nat(3),
  pauseBefore: fc.boolean(),
});
const description = fc.record({
  segments: fc.array(segment, { minLength: 1, maxLength: 7 }),
  style: fc.constantFrom("prose", "ordinals", "list"),
  joins: fc.array(fc.nat(JOINS.length - 1), { minLength: 14, maxLength: 14 }),
  verbShift: fc.nat(VERBS.length - 1),
});

interface Built {
  text: string;
  actions: string[];
  flow: string;
}

type Description = typeof description extends fc.Arbitrary<infer T> ? T : never;

/** Writes the description and the flow it must give (`1 → (2 ∥ 3) → ⏸4`). */
function build({ segments, style, joins, verbShift }: Description): Built {
  const actions: string[] = [];
  const action = (gerund = false) => {
    const [base, ing] = VERBS[(actions.length + verbShift) % VERBS.length];
    const object = `the ${NOUNS[actions.length]}`;
    actions.push(`${base} ${object}`);
    return `${gerund ? ing : base} ${object}`;
  };
  /** "translate the ledger into French, German and Japanese": one action per target, the verb kept. */
  const distributive = (targets: readonly string[]) => {
    const [base] = VERBS[(actions.length + verbShift) % VERBS.length];
    const object = `the ${NOUNS[actions.length]}`;
    for (const t of targets) actions.push(`${base} ${object} into ${t.toLowerCase()}`);
    return `${base} ${object} into ${targets.slice(0, -1).join(", ")} and ${targets.at(-1)}`;
  };
  const stages: string[] = [];
  let step = 0;
  const texts: string[] = [];
  let lastWasPause = false;
  for (const seg of segments) {
    const parts: string[] = [];
    if (seg.pauseBefore && !lastWasPause) {
      parts.push(PAUSES[seg.guardWords % PAUSES.length]);
      stages.push(`⏸${++step}`);
      lastWasPause = true;
    }
    // A list item has no trailing form; a guard right after a pause is covered by it.
    const guard = lastWasPause || (seg.guard === "trail" && seg.shape === "list-parallel") ? "none" : seg.guard;
    // A trailing condition guards the nearest step before it: in "A and B once I've approved it", B.
    const lastOnly = seg.shape === "two-seq" || seg.shape === "in-turn";
    if (guard === "lead" || (guard === "trail" && !lastOnly)) stages.push(`⏸${++step}`);
    if (guard === "trail" && lastOnly) {
      const before = Array.from({ length: SIZE[seg.shape] - 1 }, () => String(++step));
      stages.push(...before, `⏸${++step}`, String(++step));
    } else {
      const ids = Array.from({ length: SIZE[seg.shape] }, () => ++step);
      stages.push(...(PARALLEL.has(seg.shape) ? [`(${ids.join(" ∥ ")})`] : ids.map(String)));
    }
    let body: string;
    if (seg.shape === "one") body = action();
    else if (seg.shape === "two-seq") body = `${action()} and ${action()}`;
    else if (seg.shape === "and-parallel") body = `${action()} and ${action()} in parallel`;
    else if (seg.shape === "three-parallel") body = `${action()}, ${action()} and ${action()} at the same time`;
    else if (seg.shape === "with") body = `${action()} in parallel with ${action(true)}`;
    else if (seg.shape === "while") body = `${action()} while ${action(true)}`;
    else if (seg.shape === "also") body = `${action()} and also ${action()}`;
    else if (seg.shape === "each") body = `${distributive(["French", "German", "Japanese"])}, each in parallel`;
    else if (seg.shape === "in-turn") body = `${distributive(["Staging", "Canary", "Production"])}, one after another`;
    else body = `In parallel:\n   - ${action()}\n   - ${action()}\n`;
    if (guard === "lead") body = `${LEAD_GUARDS[seg.guardWords]}${body}`;
    if (guard === "trail") body = `${body}${TRAIL_GUARDS[seg.guardWords]}`;
    lastWasPause = false;
    parts.push(body);
    texts.push(...parts);
  }
  return { text: joinTexts(texts, style, joins), actions, flow: stages.join(" → ") };
}

const ORDINALS = ["First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth", "Ninth", "Tenth"];

function joinTexts(texts: string[], style: string, joins: number[]): string {
  if (style === "list" || texts.some((t) => t.includes("In parallel:"))) {
    return texts.map((t, i) => (t.includes("In parallel:") ? `${i + 1}. ${t}` : `${i + 1}. ${t}\n`)).join("");
  }
  if (style === "ordinals") {
    return texts
      .map((t, i) => `${i === texts.length - 1 && i > 0 ? "Finally" : (ORDINALS[i] ?? "Then")}, ${t}.`)
      .join(" ");
  }
  return texts.reduce((acc, t, i) => (i ? `${acc}${JOINS[joins[i - 1]]}${t}` : t), "");
}

describe("reading invariants over generated descriptions", () => {
  it("every action phrase lands in exactly one step, in order; names never begin or end with a connective; the flow is as written", () => {
    fc.assert(
      fc.property(description, (d) => {
        const built = build(d);
        const r = describeWorkflow(built.text, { now: NOW });
        if (!r.ok) throw new Error(`${built.text}: ${JSON.stringify(r.diagnostics)}`);
        const steps = r.intent.steps.map((s) => s.description.toLowerCase());
        const landed = built.actions.map((a) => steps.filter((s) => s.includes(a)).length);
        expect(landed, built.text).toEqual(built.actions.map(() => 1));
        const order = built.actions.map((a) => steps.findIndex((s) => s.includes(a)));
        expect(order, built.text).toEqual([...order].sort((a, b) => a - b));
        for (const s of r.intent.steps) {
          const inStep = built.actions.filter((a) => s.description.toLowerCase().includes(a)).length;
          expect(inStep, `${built.text} → ${s.description}`).toBe(s.type_hint === "checkpoint" ? 0 : 1);
        }
        for (const node of r.template.nodes.filter((n) => n.id.startsWith("N-"))) {
          const words = node.name
            .replace(/[^\p{L}\p{N}\s'’-]/gu, " ")
            .trim()
            .split(/\s+/);
          expect(node.name.trim(), built.text).not.toBe("");
          expect(words[0], `${built.text} → ${node.name}`).not.toMatch(CONNECTIVE);
          expect(words.at(-1), `${built.text} → ${node.name}`).not.toMatch(CONNECTIVE);
        }
        expect(summarizeDescribed(r.template).flow, built.text).toBe(built.flow);
        expect(validateTemplate(r.template).diagnostics.filter((x) => x.severity === "error")).toEqual([]);
      }),
      { numRuns: 300, seed: 27027 },
    );
  });
});
