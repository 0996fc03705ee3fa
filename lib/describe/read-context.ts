/**
 * What the readers of one description share: the candidate steps so far, parallel group ids, the
 * sequence words met and the notes that become the assumptions.
 */
import { cleanStepText } from "./clean-step-text";
import { isVerbPart } from "./coordinate-parts";
import { isPauseRequest } from "./is-pause-request";

export interface RawStep {
  text: string;
  /** Parallel group id; steps with the same id run concurrently. */
  group: string | null;
  /** A pause for a person the rules placed (a condition on people), whatever its words. */
  pause?: boolean;
}

export interface ReadContext {
  out: RawStep[];
  /** A fresh parallel group id (`P1`, `P2`… across the whole description). */
  nextGroup(): string;
  /** Adds a reading choice to the assumptions (once). */
  note(text: string): void;
  notes: string[];
  /** Sequence and ordinal words met ("then", "second", "finally"). */
  orderWords: Set<string>;
  /** Inside a list item: a verbless item is still a step (the person listed it). */
  inList: boolean;
  /** A step's text with protected code spans put back (to compare words across steps). */
  restore(text: string): string;
}

export function createReadContext(restore: (text: string) => string = (t) => t): ReadContext {
  let n = 0;
  const notes: string[] = [];
  const seen = new Set<string>();
  return {
    out: [],
    nextGroup: () => `P${++n}`,
    note: (text) => {
      if (!seen.has(text)) notes.push(text);
      seen.add(text);
    },
    notes,
    orderWords: new Set(),
    inList: false,
    restore,
  };
}

/** A statement about the world ("This is for the weekly report"), not an instruction. */
const STATEMENT = /^(?:we|i|it|this|that|there|they|these|those|the|a|an|our|my|he|she|its|their)\b/i;

/**
 * Appends cleaned parts as steps and returns them: `seq` one after another, `group` as one new
 * parallel group, `join` into the group of the step before (which gets one if it has none).
 */
export function pushSteps(ctx: ReadContext, parts: string[], mode: "seq" | "group" | "join", suffix = ""): string[] {
  const texts = parts
    .map(cleanStepText)
    .filter(Boolean)
    .filter((t) => {
      if (ctx.inList || isVerbPart(t) || isPauseRequest(t) || !STATEMENT.test(t)) return true;
      ctx.note(`"${t}" has no action verb and reads as context, so it is not a step.`);
      return false;
    })
    .map((t) => t + suffix);
  if (!texts.length) return texts;
  const prev = ctx.out.at(-1);
  if (mode === "join" && prev) {
    prev.group ??= ctx.nextGroup();
    for (const t of texts) ctx.out.push({ text: t, group: prev.group });
  } else if (mode === "group" && texts.length > 1) {
    const group = ctx.nextGroup();
    for (const t of texts) ctx.out.push({ text: t, group });
  } else {
    for (const t of texts) ctx.out.push({ text: t, group: null });
  }
  return texts;
}
