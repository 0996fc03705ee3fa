/**
 * Prose → candidate steps (docs/describe.md, phase 1). Sentences, then clauses at sequence words; each
 * clause in turn:
 * 1. sequence and ordinal words off its ends ("Second,", "finally", "… first"); "meanwhile" joins
 *    the step before;
 * 2. "before that, X" → X moved before the clause before; "before deploying, X" → "X before deploying";
 * 3. a condition on a person ("once I've approved it") → a pause before what it guards;
 * 4. a condition on earlier work ("once the plan is done", "when both pass") → order only;
 * 5. "if they fail, …" → kept in the step's words; "while you investigate, …" → beside the step before;
 * 6. the parallel and distributive forms (read-parallel-clause.ts), else the plain list of verb parts.
 */
import { leadingVerb } from "./action-verbs";
import { cleanStepText } from "./clean-step-text";
import { splitParts } from "./coordinate-parts";
import { isPauseRequest } from "./is-pause-request";
import { readPersonCondition, type PersonCondition } from "./person-condition";
import { pushSteps, type ReadContext } from "./read-context";
import { readParallelClause } from "./read-parallel-clause";
import { splitClauses, stripSequenceWords } from "./sequence-words";

interface ClauseState {
  /** The clause joins the parallel group of the step before ("Meanwhile, …"). */
  join: boolean;
  /** The clause opens its sentence. */
  first: boolean;
  /** Index in `ctx.out` of the first step of the clause before, or -1. */
  lastStart: number;
}

// "In parallel, A and B" is a group of its own, so only these phrases attach a step to the previous one.
const PAR_LEAD = /^(?:meanwhile|at the same time|simultaneously|concurrently|in the meantime)\b[,:]?\s*/i;
const ONCE =
  /^(?:once|when|after|as soon as)\s+(.+?)(?:\s+(?:is|are|has been|have been)\s+(?:done|finished|complete|completed|ready|approved|merged|green)\b,?\s*|,\s*)(.*)$/i;
const ONCE_ALONE = /^(?:once|when|after|as soon as|until)\s+\S/i;
const BEFORE_THAT = /^before (?:that|this|then|doing (?:so|that|this)|all that)\b[,:]?\s*/i;
const BEFORE_GERUND = /^before\s+([A-Za-z]+ing)\b([^,]*),\s*(.+)$/i;
const JOIN_CONDITION =
  /\s+(?:if|when|once|after)\s+(?:both|all|they all|all of them|all three|everything|these|those)\s+(?:pass(?:es)?|succeed(?:s)?|(?:are|is) (?:green|done|finished|ready)|finish(?:es)?|(?:are|is|have|has) (?:done|finished|completed?))$/i;
const IF = /^(if|unless)\s+(.+?),\s*(?:then\s+)?(.+)$/i;
const BACK_WHILE = /^while\s+(.+?),\s*(.+)$/i;

/** Sentences; one that ends with ":" introduces the steps after it and is not a step itself. */
function splitSentences(text: string, ctx: ReadContext): string[] {
  const sentences = text
    .replace(/([.!?;:])\s+/g, "$1\n")
    .split(/\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
  return sentences.filter((s, i) => {
    const intro = s.endsWith(":") && i < sentences.length - 1;
    if (intro) ctx.note(`"${s}" introduces the steps after it and is not a step.`);
    return !intro;
  });
}

/** Moves the steps from `from` on to position `to` (for "before that"). */
function moveBack(ctx: ReadContext, from: number, to: number): void {
  const moved = ctx.out.splice(from);
  ctx.out.splice(to, 0, ...moved);
}

/**
 * Puts the pause for `person` at `index` (before the whole group when that step is in one) and
 * returns where it went, or -1 when a pause already stands right before.
 */
function placePause(ctx: ReadContext, index: number, person: PersonCondition): number {
  const group = ctx.out[index]?.group;
  const at = group ? ctx.out.findIndex((s) => s.group === group) : Math.max(0, index);
  const prev = ctx.out[at - 1];
  if (prev && (prev.pause || isPauseRequest(prev.text))) {
    ctx.note(`"${person.phrase}" is covered by the pause just before it ("${prev.text}").`);
    return -1;
  }
  ctx.out.splice(at, 0, { text: cleanStepText(person.pause), group: null, pause: true });
  return at;
}

/**
 * A condition on a person: the work written before it, then the pause, then what it guards. A
 * trailing condition ("publish it once I've approved it", or a clause of its own after another)
 * guards the nearest step before it.
 */
function readGuard(person: PersonCondition, ctx: ReadContext, st: ClauseState): void {
  const sub = { join: false, first: true, lastStart: st.lastStart };
  if (person.before) readClause(person.before, ctx, sub);
  const leading = person.at === "lead" || (person.at === "alone" && (st.first || !ctx.out.length));
  let at: number;
  if (leading) {
    at = placePause(ctx, ctx.out.length, person);
    if (person.rest) readClause(person.rest, ctx, sub);
  } else {
    if (person.rest) readClause(person.rest, ctx, sub);
    at = placePause(ctx, ctx.out.length - 1, person);
  }
  if (at < 0) return;
  const guarded = ctx.out[at + 1]?.text;
  const what = guarded ? `before "${guarded}"` : "before what follows";
  ctx.note(`"${person.phrase}" read as: a pause for a person ${what}, not a step of its own.`);
}

/** Reads one clause into `ctx.out`; returns whether the next clause joins the group of the last step. */
function readClause(raw: string, ctx: ReadContext, st: ClauseState): boolean {
  let clause = raw.trim();
  let join = st.join;
  /** The phrase that joins this clause to the step before ("Meanwhile", "while you investigate"). */
  let joinedBy: string | undefined;
  const alongside = (texts: readonly string[], anchor: string | undefined) => {
    if (!joinedBy) return;
    const who = texts.length && anchor ? `${texts.map((t) => `"${t}"`).join(", ")} runs alongside "${anchor}"` : "";
    ctx.note(`"${joinedBy}" read as: ${who || "the next step runs alongside the step before it"}.`);
  };
  for (let before = ""; before !== clause;) {
    before = clause;
    const lead = PAR_LEAD.exec(clause);
    if (lead) {
      join = true;
      clause = clause.slice(lead[0].length);
      joinedBy = lead[0].replace(/[\s,:]+$/, "");
    }
    clause = stripSequenceWords(clause, ctx.orderWords);
  }
  if (!clause) {
    alongside([], undefined);
    return join;
  }
  const start = ctx.out.length;
  const next = (text: string) => void readClause(text, ctx, { join: false, first: false, lastStart: start });

  const beforeThat = BEFORE_THAT.exec(clause);
  if (beforeThat && st.lastStart >= 0) {
    readClause(clause.slice(beforeThat[0].length), ctx, { ...st, join: false });
    const moved = ctx.out.slice(start).map((s) => `"${s.text}"`);
    moveBack(ctx, start, st.lastStart);
    if (moved.length) ctx.note(`"${beforeThat[0].replace(/[\s,:]+$/, "")}" read as: ${moved.join(", ")} runs earlier.`);
    return false;
  }
  const beforeGerund = BEFORE_GERUND.exec(clause);
  if (beforeGerund) clause = `${beforeGerund[3]} before ${beforeGerund[1]}${beforeGerund[2]}`;

  const person = readPersonCondition(clause);
  if (person) {
    readGuard(person, ctx, st);
    return false;
  }

  const once = ONCE.exec(clause);
  if (once) {
    const action = cleanStepText(once[1]);
    const verb = leadingVerb(action);
    const condition = clause.slice(0, clause.length - once[2].length).replace(/[\s,]+$/, "");
    clause = once[2].trim();
    // "after publishing, announce it" after "run `npm publish`": the work is the step before.
    const prev = ctx.restore(ctx.out.at(-1)?.text ?? "");
    if (verb && leadingVerb(prev) !== verb && !new RegExp(`\\b${verb}`, "i").test(prev)) {
      pushSteps(ctx, [once[1]], "seq");
      ctx.note(`"${condition}" names work to do first; it became the step "${action}".`);
    } else ctx.note(`"${condition}" read as order: what follows runs after the steps before it.`);
  } else if (ONCE_ALONE.test(clause)) {
    ctx.note(`"${clause}" read as order, not as a step.`);
    return join;
  }
  // "deploy if both pass": a condition on the steps before only orders.
  const joinCondition = JOIN_CONDITION.exec(clause);
  if (joinCondition) {
    clause = clause.slice(0, joinCondition.index).trim();
    ctx.note(`"${joinCondition[0].trim()}" read as order: the step waits for the steps before it.`);
  }
  // "if they fail, fix the code": no gate is built, so the condition stays in the step's words.
  let suffix = "";
  const cond = IF.exec(clause);
  if (cond) {
    suffix = ` (${cond[1].toLowerCase()} ${cond[2]})`;
    clause = cond[3];
  }
  // "while you investigate, collect the logs": the while-part names the step before.
  const backWhile = BACK_WHILE.exec(clause);
  if (backWhile && (!leadingVerb(cleanStepText(backWhile[1])) || /^(?:you|we|i|it|they)\b/i.test(backWhile[1]))) {
    clause = backWhile[2].trim();
    join = true;
    joinedBy = `while ${backWhile[1]}`;
  }
  const anchor = ctx.out.at(-1)?.text;
  if (!clause || readParallelClause(clause, ctx, next, suffix)) {
    alongside([], undefined);
    return !clause && join;
  }
  const texts = pushSteps(ctx, splitParts(clause, "seq", ctx.note), join ? "join" : "seq", suffix);
  alongside(join ? texts : [], anchor);
  return false;
}

/** Appends the steps of one prose block to `ctx.out` (which holds earlier steps, for "meanwhile"). */
export function splitProse(text: string, ctx: ReadContext): void {
  let lastStart = -1;
  for (const sentence of splitSentences(text, ctx)) {
    let join = false;
    splitClauses(sentence.replace(/[.!?;]+$/, ""), ctx.orderWords).forEach((clause, i) => {
      const start = ctx.out.length;
      join = readClause(clause, ctx, { join, first: i === 0, lastStart });
      if (ctx.out.length > start) lastStart = start;
    });
  }
}
