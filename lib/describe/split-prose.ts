/**
 * Prose → candidate steps (docs/describe.md, phase 1): sentences, then sequence words ("then",
 * "after that", "next", "finally", "once … is done"), then parallel phrases ("in parallel",
 * "meanwhile", "at the same time", "and also", "while"). Steps sharing a `group` run in parallel.
 */
import { leadingVerb } from "./action-verbs";
import { cleanStepText } from "./clean-step-text";

export interface RawStep {
  text: string;
  /** Parallel group id; steps with the same id run concurrently. */
  group: string | null;
}

/** Hands out parallel group ids (`P1`, `P2`…) across one whole description. */
export interface GroupIds {
  next(): string;
}

const SEQ = "\u0000";
const SEQUENCE_MARKERS: RegExp[] = [
  /(?:,\s*|\s+)(?:and\s+)?then\b,?/gi,
  /(?:,\s*|\s+)(?:and\s+)?after that\b,?/gi,
  /(?:,\s*|\s+)(?:and\s+)?afterwards?\b,?/gi,
  /,\s*(?:and\s+)?next\b,?/gi,
  /(?:,\s*|\s+)(?:and\s+)?(?:finally|lastly)\b,?/gi,
  /\s+followed by\s+/gi,
  /\s*(?:→|->|=>|⟶)\s*/g,
  /(?:,\s*|\s+)(?:and\s+)?(?=once\s)/gi,
];
const SEQ_LEAD =
  /^(?:(?:and\s+)?then|first(?:ly)?|to (?:start|begin)(?: with)?|start by|begin by|next|after that|afterwards?|finally|lastly|last)\b[,:]?\s*/i;
// "In parallel, A and B" is a group of its own, so only these phrases attach a step to the previous one.
const PAR_LEAD = /^(?:meanwhile|at the same time|simultaneously|concurrently)\b[,:]?\s*/i;
const PAR_WITH = /\s*\b(?:in parallel|at the same time|simultaneously|concurrently)\s+(?:with|as)\s+/i;
const PAR_INLINE = /\b(?:in parallel(?: with each other)?|at the same time|simultaneously|concurrently|in tandem)\b/i;
const ONCE =
  /^(?:once|when|after)\s+(.+?)(?:\s+(?:is|are|has been|have been)\s+(?:done|finished|complete|completed|ready|approved|merged|green)\b,?\s*|,\s*)(.*)$/i;
const PART_SPLIT = /\s*,\s*(?:and\s+)?|\s+and\s+/i;

/** Words that start a noun phrase, never an imperative. */
const NOT_A_VERB =
  /^(?:the|a|an|all|both|each|every|our|my|your|their|its|his|her|this|that|these|those|some|any|no|it|they|we|you|i)$/i;

/**
 * The verb a parallel group's parts share: the known action verb of the previous part, else the
 * first word of the group's first part when that reads as an imperative ("compute the daily
 * totals, the weekly totals…" → "compute", whatever the verb).
 */
function sharedVerb(first: string, prev: string): string | undefined {
  const known = leadingVerb(prev);
  if (known) return known;
  const words = first.trim().split(/\s+/);
  return words.length >= 2 && /^[A-Za-z]+$/.test(words[0]) && !NOT_A_VERB.test(words[0]) ? words[0] : undefined;
}

/** Splits "A, B and C" into parts; in sequence mode a part without a verb stays with the one before. */
function splitParts(text: string, parallel: boolean): string[] {
  const pieces = text.split(PART_SPLIT).filter((p) => p.trim());
  const parts: string[] = [];
  for (const piece of pieces) {
    const verb = leadingVerb(piece) ?? (piece.trim().startsWith("\uE000") ? "run" : undefined);
    const prev = parts.at(-1);
    const shared = parallel && prev !== undefined ? sharedVerb(parts[0], prev) : undefined;
    if (verb || prev === undefined) parts.push(piece);
    else if (shared) parts.push(`${shared.toLowerCase()} ${piece.trim()}`);
    else parts[parts.length - 1] = `${prev} and ${piece}`;
  }
  // "Every morning, fetch the issues": a short lead without a verb qualifies the step after it.
  if (!parallel && parts.length > 1 && !leadingVerb(parts[0]) && parts[0].trim().split(/\s+/).length <= 4) {
    const [lead, next] = parts.splice(0, 2);
    parts.unshift(`${next.trim()} (${lead.trim().toLowerCase()})`);
  }
  // "plan and implement the feature": the bare first verb shares the second one's object.
  if (parts.length === 2 && /^[A-Za-z]+$/.test(parts[0].trim()) && leadingVerb(parts[0])) {
    const object = parts[1].trim().replace(/^\S+\s*/, "");
    if (object) parts[0] = `${parts[0].trim()} ${object}`;
  }
  return parts;
}

/**
 * The text before "in parallel" → the parallel parts, and any leading parts that run before them:
 * in "check out the PR, run the tests and the linter at the same time" only the verb-sharing tail
 * ("run the tests", "run the linter") is parallel; "run A, B and C in parallel" is all parallel.
 */
function splitGroupText(text: string): { lead: string[]; group: string[] } {
  const pieces = text.split(PART_SPLIT).filter((p) => p.trim());
  const sharedFrom = pieces.findIndex((p, i) => i > 0 && !leadingVerb(p) && leadingVerb(pieces[i - 1]));
  if (sharedFrom > 1) {
    const lead = pieces.slice(0, sharedFrom - 1);
    if (lead.every((p) => leadingVerb(p))) {
      const group = splitParts(pieces.slice(sharedFrom - 1).join(" and "), true).flatMap(parallelParts);
      return { lead, group };
    }
  }
  return { lead: [], group: splitParts(text, true).flatMap(parallelParts) };
}

/** "A while B", "A and also B" → the parts that run side by side (one part when neither applies). */
function parallelParts(clause: string): string[] {
  const m = /^while\s+(.+?),\s*(.+)$/i.exec(clause) ?? /^(.+?)\s+while\s+(.+)$/i.exec(clause);
  const parts = m ? [m[1], m[2]] : [clause];
  return parts.flatMap((p) => p.split(/,?\s+and also\s+/i));
}

/** Sentences; one that ends with ":" introduces the steps after it and is not a step itself. */
function splitSentences(text: string): string[] {
  const sentences = text
    .split(/(?<=[.!?;:])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
  return sentences.filter((s, i) => !(s.endsWith(":") && i < sentences.length - 1));
}

/** Appends the steps of one prose block to `out` (which holds earlier steps, for "meanwhile"). */
export function splitProse(text: string, ids: GroupIds, out: RawStep[] = []): RawStep[] {
  let condition = "";
  const push = (parts: string[], mode: "seq" | "group" | "join") => {
    const texts = parts
      .map(cleanStepText)
      .filter(Boolean)
      .map((t) => t + condition);
    if (!texts.length) return;
    const prev = out.at(-1);
    if (mode === "join" && prev) {
      prev.group ??= ids.next();
      for (const t of texts) out.push({ text: t, group: prev.group });
    } else if (mode === "group" && texts.length > 1) {
      const group = ids.next();
      for (const t of texts) out.push({ text: t, group });
    } else {
      for (const t of texts) out.push({ text: t, group: null });
    }
  };

  for (const sentence of splitSentences(text)) {
    let marked = sentence.replace(/[.!?;]+$/, "");
    for (const marker of SEQUENCE_MARKERS) marked = marked.replace(marker, SEQ);
    let joinNext = PAR_LEAD.test(marked.trim());
    for (let clause of marked.split(SEQ)) {
      clause = clause.trim();
      condition = "";
      if (PAR_LEAD.test(clause)) joinNext = true;
      for (let prevClause = ""; prevClause !== clause;) {
        prevClause = clause;
        clause = clause.replace(PAR_LEAD, "").replace(SEQ_LEAD, "").trim();
      }
      const once = ONCE.exec(clause);
      if (once) {
        // "once the plan is done, implement it": the condition names earlier work, unless nothing
        // came before and it is itself an action.
        if (!out.length && leadingVerb(cleanStepText(once[1]))) push([once[1]], "seq");
        clause = once[2].trim();
      }
      // "if they fail, fix the code": no gate is built, so the condition stays in the step's words.
      const cond = /^(if|unless)\s+(.+?),\s*(?:then\s+)?(.+)$/i.exec(clause);
      if (cond) {
        condition = ` (${cond[1].toLowerCase()} ${cond[2]})`;
        clause = cond[3];
      }
      // "while you investigate, collect the logs": the while-part names the previous step.
      const backWhile = /^while\s+(.+?),\s*(.+)$/i.exec(clause);
      if (backWhile && !leadingVerb(cleanStepText(backWhile[1]))) {
        clause = backWhile[2].trim();
        joinNext = true;
      }
      if (!clause) continue;
      const join = joinNext;
      joinNext = false;
      const withMatch = PAR_WITH.exec(clause);
      if (withMatch) {
        const parts = splitParts(
          `${clause.slice(0, withMatch.index)} and ${clause.slice(withMatch.index + withMatch[0].length)}`,
          true,
        );
        push(parts, parts.length > 1 ? "group" : "join");
        continue;
      }
      const inline = PAR_INLINE.exec(clause);
      if (inline) {
        // "A and B in parallel, C": the group is what precedes the marker; the rest runs after it.
        const before = clause.slice(0, inline.index).replace(/^\s*(?:do\s+)?(?:both|all)\s+/i, "");
        const after = clause.slice(inline.index + inline[0].length).replace(/^[\s,:]+/, "");
        const groupText = before.trim() ? before : after;
        const { lead, group } = splitGroupText(groupText.replace(/[\s,]+$/, ""));
        if (lead.length) push(lead, "seq");
        push(group, group.length > 1 ? "group" : "join");
        if (before.trim() && after.trim()) push(splitParts(after, false), "seq");
        continue;
      }
      const parts = parallelParts(clause);
      if (parts.length > 1) push(parts, "group");
      else push(splitParts(clause, false), join ? "join" : "seq");
    }
  }
  return out;
}
