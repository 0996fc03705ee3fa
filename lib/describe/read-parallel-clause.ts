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

/** "A in parallel with B": the phrase between the two verb parts (several small patterns, the leftmost wins). */
const WITH: readonly RegExp[] = [
  /[\s,]*\b(?:in parallel|at the same time|simultaneously|concurrently|in tandem)\s+(?:with|as)\s+(?!each other\b)/i,
  /\s+alongside\s+(?=[a-z]+ing\b)/i,
  /(?:,\s*|\s+)and\s+(?:at the same time|in parallel|simultaneously|concurrently|meanwhile)\s*,?\s+/i,
];
const IN_TURN =
  /(?:,\s*|\s+)(?:each\s+)?(?:in turn|one (?:after (?:another|the other)|at a time|by one)|in (?:that |this )?(?:order|sequence)|sequentially)\b/i;
const INLINE =
  /\b(?:in parallel(?: with each other)?|at the same time|simultaneously|concurrently|in tandem|all at once|side by side)\b/i;
/** The distributive words that may come just before the inline phrase: ", each in parallel". */
const INLINE_LEAD =
  /(?:,?\s*\b(?:each|all|both|all of them|each of them|every one of them|each one|all (?:three|four|five)))?[\s,]*$/i;
const SEPARATELY = /(?:,\s*|\s+)(?:each\s+)?(?:separately|individually|independently)\b|,\s*each$/i;

/** The leftmost match of any of `patterns`. */
function leftmost(text: string, patterns: readonly RegExp[]): RegExpExecArray | undefined {
  let best: RegExpExecArray | undefined;
  for (const re of patterns) {
    const m = re.exec(text);
    if (m && (!best || m.index < best.index)) best = m;
  }
  return best;
}

/** "…, each in parallel" / "… at the same time" / "…, each separately": where the phrase starts and ends. */
function inlinePhrase(clause: string): { index: number; end: number; text: string } | undefined {
  const m = INLINE.exec(clause);
  if (m) {
    const head = clause.slice(Math.max(0, m.index - 40), m.index);
    const lead = INLINE_LEAD.exec(head)?.[0].length ?? 0;
    const index = m.index - lead;
    return { index, end: m.index + m[0].length, text: clause.slice(index, m.index + m[0].length) };
  }
  const d = SEPARATELY.exec(clause);
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
  const m = /^while\s+(.+?),\s*(.+)$/i.exec(clause) ?? /^(.+?)\s+while\s+(.+)$/i.exec(clause);
  const parts = m ? [m[1], m[2]] : [clause];
  return parts.flatMap((p) => p.split(/,?\s+and also\s+/i));
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
  const w = leftmost(clause, WITH);
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
  const turn = IN_TURN.exec(clause);
  if (turn) {
    const texts = pushSteps(ctx, splitParts(clause.slice(0, turn.index), "fan-out", note), "seq", suffix);
    if (texts.length > 1) {
      note(`"${turn[0].replace(/^[\s,]+/, "")}" read as: one step per object, in order: ${quoted(texts).join(" → ")}.`);
    }
    const after = clause.slice(turn.index + turn[0].length).replace(/^[\s,:]+/, "");
    if (after) readRest(after);
    return true;
  }
  const inline = inlinePhrase(clause);
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
