/**
 * The parallel and distributive forms of one clause:
 * 1. "A in parallel with B" / "A at the same time as B" / "A, and meanwhile B": the verb part right
 *    before the phrase runs beside the part right after it; earlier parts run before both, later
 *    ones after.
 * 2. "A, B and C one after another": one step per object, in order.
 * 3. "A, B and C in parallel" / "…, each in parallel" / "…, each separately": one step per part or
 *    object, side by side (only the verb-sharing tail when verb parts come before it).
 * 4. "A while B", "A and also B": side by side.
 */
import {
  cutAfterFirstPart,
  cutAtLastVerb,
  distribute,
  isVerbPart,
  splitGroupText,
  splitParts,
} from "./coordinate-parts";
import { pushSteps, type ReadContext } from "./read-context";

/**
 * Each pattern below with the words it cannot match without: a pattern runs (and, in a fresh `wf`, is
 * compiled) only for a clause that has one of them (lower-cased).
 */
type Gated = readonly [readonly string[], RegExp];
const PARALLEL_WORDS = ["in parallel", "at the same time", "simultaneously", "concurrently", "in tandem"];
/** "A in parallel with B": the phrase between the two verb parts (several small patterns, the leftmost wins). */
const WITH: readonly Gated[] = [
  [
    PARALLEL_WORDS,
    /[\s,]*\b(?:in parallel|at the same time|simultaneously|concurrently|in tandem)\s+(?:with|as)\s+(?!each other\b)/i,
  ],
  [["alongside"], /\s+alongside\s+(?=[a-z]+ing\b)/i],
  [
    ["at the same time", "in parallel", "simultaneously", "concurrently", "meanwhile"],
    /(?:,\s*|\s+)and\s+(?:at the same time|in parallel|simultaneously|concurrently|meanwhile)\s*,?\s+/i,
  ],
];
const IN_TURN: Gated = [
  [
    "in turn",
    "one after another",
    "one after the other",
    "one at a time",
    "one by one",
    "in order",
    "in that order",
    "in this order",
    "in sequence",
    "in that sequence",
    "in this sequence",
    "sequentially",
  ],
  /(?:,\s*|\s+)(?:each\s+)?(?:in turn|one (?:after (?:another|the other)|at a time|by one)|in (?:that |this )?(?:order|sequence)|sequentially)\b/i,
];
const INLINE: Gated = [
  [...PARALLEL_WORDS, "all at once", "side by side"],
  /\b(?:in parallel(?: with each other)?|at the same time|simultaneously|concurrently|in tandem|all at once|side by side)\b/i,
];
/** The distributive words that may come just before the inline phrase: ", each in parallel". */
const INLINE_LEAD =
  /(?:,?\s*\b(?:each|all|both|all of them|each of them|every one of them|each one|all (?:three|four|five)))?[\s,]*$/i;
const SEPARATELY: Gated = [
  ["separately", "individually", "independently", "each"],
  /(?:,\s*|\s+)(?:each\s+)?(?:separately|individually|independently)\b|,\s*each$/i,
];

/** `re.exec(text)` when `lower` (the text lower-cased) has one of the pattern's words, else null. */
function gatedExec([words, re]: Gated, text: string, lower: string): RegExpExecArray | null {
  return words.some((w) => lower.includes(w)) ? re.exec(text) : null;
}

/** The leftmost match of any of `patterns`. */
function leftmost(text: string, lower: string, patterns: readonly Gated[]): RegExpExecArray | undefined {
  let best: RegExpExecArray | undefined;
  for (const gated of patterns) {
    const m = gatedExec(gated, text, lower);
    if (m && (!best || m.index < best.index)) best = m;
  }
  return best;
}

/** "…, each in parallel" / "… at the same time" / "…, each separately": where the phrase starts and ends. */
function inlinePhrase(clause: string, lower: string): { index: number; end: number; text: string } | undefined {
  const m = gatedExec(INLINE, clause, lower);
  if (m) {
    const head = clause.slice(Math.max(0, m.index - 40), m.index);
    const lead = INLINE_LEAD.exec(head)?.[0].length ?? 0;
    const index = m.index - lead;
    return { index, end: m.index + m[0].length, text: clause.slice(index, m.index + m[0].length) };
  }
  const d = gatedExec(SEPARATELY, clause, lower);
  return d ? { index: d.index, end: d.index + d[0].length, text: d[0] } : undefined;
}

/** A word every form below has: a cheap test before the long patterns. */
const GATE =
  /parallel|same time|simultan|concurren|tandem|at once|side by side|separately|individually|independently|each|alongside|meanwhile|in turn|one (?:after|at|by)|order|sequen|while|also/i;

const quoted = (texts: readonly string[]) => texts.map((t) => `"${t}"`);
/** `"a" ∥ "b"`, plus `, both after "x"` when lead steps run first. */
function sideBySide(texts: readonly string[], lead: readonly string[]): string {
  const after = lead.length ? `, ${texts.length === 2 ? "both" : "all"} after "${lead.at(-1)}"` : "";
  return `${quoted(texts).join(" ∥ ")}${after}`;
}

/** "A while B", "A and also B" → the parts that run side by side (one part when neither applies). */
export function parallelParts(clause: string): string[] {
  const lower = clause.toLowerCase();
  const m = lower.includes("while")
    ? (/^while\s+(.+?),\s*(.+)$/i.exec(clause) ?? /^(.+?)\s+while\s+(.+)$/i.exec(clause))
    : null;
  const parts = m ? [m[1], m[2]] : [clause];
  return lower.includes("and also") ? parts.flatMap((p) => p.split(/,?\s+and also\s+/i)) : parts;
}

/**
 * Reads `clause` when it has a parallel or distributive form (else returns false); `readRest` reads
 * what follows the form, `suffix` (a condition in words) goes on every step.
 */
export function readParallelClause(
  clause: string,
  ctx: ReadContext,
  readRest: (text: string) => void,
  suffix = "",
): boolean {
  if (!GATE.test(clause)) return false;
  const note = ctx.note;
  const lower = clause.toLowerCase();
  const w = leftmost(clause, lower, WITH);
  if (w) {
    const [leadText, lastText] = cutAtLastVerb(clause.slice(0, w.index));
    const [withText, restText] = cutAfterFirstPart(clause.slice(w.index + w[0].length));
    const left = splitParts(lastText, "fan-out", note);
    // "at the same time as the UI": a verbless object takes the verb of the part before the phrase.
    const right = splitParts(withText, "fan-out", note).map((p) =>
      isVerbPart(p) || !left.length ? p : distribute(left.at(-1)!, p),
    );
    const lead = leadText ? pushSteps(ctx, splitParts(leadText, "seq", note), "seq", suffix) : [];
    const group = [...left, ...right];
    const texts = pushSteps(ctx, group, group.length > 1 ? "group" : "join", suffix);
    const phrase = `${w[0].replace(/^[\s,]+/, "").trim()} ${withText.split(/,|\s+and\s+/)[0].trim()}`;
    if (texts.length > 1) note(`"${phrase}" read as: ${sideBySide(texts, lead)}.`);
    if (restText.trim()) readRest(restText);
    return true;
  }
  const turn = gatedExec(IN_TURN, clause, lower);
  if (turn) {
    const texts = pushSteps(ctx, splitParts(clause.slice(0, turn.index), "fan-out", note), "seq", suffix);
    if (texts.length > 1) {
      note(`"${turn[0].replace(/^[\s,]+/, "")}" read as: one step per object, in order: ${quoted(texts).join(" → ")}.`);
    }
    const after = clause.slice(turn.index + turn[0].length).replace(/^[\s,:]+/, "");
    if (after) readRest(after);
    return true;
  }
  const inline = inlinePhrase(clause, lower);
  if (inline) {
    const before = clause.slice(0, inline.index).replace(/^\s*(?:do\s+)?(?:both|all)\s+/i, "");
    const after = clause.slice(inline.end).replace(/^[\s,:]+/, "");
    const groupText = (before.trim() ? before : after).replace(/[\s,]+$/, "");
    const { lead, group } = splitGroupText(groupText, note);
    const leadTexts = pushSteps(ctx, lead, "seq", suffix);
    const texts = pushSteps(ctx, group, group.length > 1 ? "group" : "join", suffix);
    if (texts.length > 1) note(`"${inline.text.replace(/^[\s,]+/, "")}" read as: ${sideBySide(texts, leadTexts)}.`);
    if (before.trim() && after.trim()) readRest(after);
    return true;
  }
  const parts = parallelParts(clause);
  if (parts.length < 2) return false;
  const texts = pushSteps(ctx, parts, "group", suffix);
  const word = /\bwhile\b/i.test(clause) ? "while" : "and also";
  if (texts.length > 1) note(`"${word}" read as: ${sideBySide(texts, [])}.`);
  return true;
}
