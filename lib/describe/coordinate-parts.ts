/**
 * One clause's list "A, B and C" → its parts. A part that starts with a verb is a step of its own;
 * a part without one is another object of the verb before it. In sequence it stays in that step
 * ("write tests and docs"); in a fan-out (a parallel or distributive list) it becomes a step of its
 * own with that verb, and with the words up to the verb's last preposition when the objects match
 * ("translate the README into French, German and Japanese" → "translate the README into German").
 * A verb never reaches past the next verb: "clean it and compute totals" is two steps.
 */
import { leadingVerb } from "./action-verbs";
import { stripFillers } from "./clean-step-text";
import { isBareCommand } from "./is-bare-command";
import { isNounCompound } from "./is-noun-compound";

/** `seq`: verbless parts stay in the step before; `fan-out`: one step per object. */
export type ListMode = "seq" | "fan-out";
export type Note = (text: string) => void;

interface Piece {
  text: string;
  /** The separator written before it (", ", " and "), kept when pieces are glued back. */
  sep: string;
}

const SEPARATOR = /\s*,\s*(?:and\s+)?|\s+(?:and|as well as|plus)\s+|\s+&\s+/gi;
/** Words that start a noun phrase or a subordinate phrase, never an imperative (callers pass ASCII words). */
const NOT_A_VERB: ReadonlySet<string> = new Set(
  (
    "the a an all both each every our my your their its his her this that these those some any no it they we you i " +
    "for in on at by with from to into of after before during if when once while unless until as so or but not also"
  ).split(" "),
);
const notAVerb = (word: string) => NOT_A_VERB.has(word.toLowerCase());
const OBJECT_START =
  /^(?:the|a|an|all|each|every|our|my|your|their|its|this|that|these|those|some|it|them|[{[<\uE000])/i;
const DETERMINER = /^(?:the|a|an|our|my|your|their|its|this|that|these|those|some)\b/i;
/** "the following", "each platform": an object that stands for the list under it. */
const PLACEHOLDER = /^(?:each|every|all|these|those|the following|both|several|multiple|different)\b/i;
const PREPOSITION_WORDS = "(?:into|onto|to|for|on|in|with|from|against|across|at|by|via|using|under|over|through)";
const PREPOSITION = new RegExp(`\\s${PREPOSITION_WORDS}\\s+`, "gi");
const PREPOSITION_LEAD = new RegExp(`^${PREPOSITION_WORDS}\\s`, "i");
const PREPOSITION_WORD = new RegExp(`^${PREPOSITION_WORDS}$`, "i");

/** Splits on list separators, never inside parentheses. */
function listPieces(text: string): Piece[] {
  const pieces: Piece[] = [];
  let from = 0;
  let sep = "";
  let depth = 0;
  let scanned = 0;
  for (const m of text.matchAll(SEPARATOR)) {
    for (; scanned < m.index; scanned++) depth += text[scanned] === "(" ? 1 : text[scanned] === ")" ? -1 : 0;
    const chunk = text.slice(from, m.index);
    if (depth > 0) continue;
    if (chunk.trim()) pieces.push({ text: chunk.trim(), sep });
    sep = m[0];
    from = m.index + m[0].length;
  }
  const last = text.slice(from);
  if (last.trim()) pieces.push({ text: last.trim(), sep });
  return pieces;
}

/** Joins pieces back with the separators they were written with. */
function joinPieces(pieces: readonly Piece[]): string {
  return pieces.map((p, i) => (i ? p.sep : "") + p.text).join("");
}

/** "frobnicate the totals": an unknown word followed by an object reads as an imperative. */
function looksImperative(text: string, needsObject: boolean): boolean {
  const words = text.trim().split(/\s+/);
  if (words.length < 2 || !/^[A-Za-z]+$/.test(words[0]) || notAVerb(words[0])) return false;
  if (!needsObject) return true;
  return !/(?:s|ly|tion|sion|ment|ness|ity|ous|ful|al)$/i.test(words[0]) && OBJECT_START.test(words[1]);
}

/**
 * Whether a list part starts with a verb of its own. `firstWord` is the first part's first word:
 * after "write the report", "tests" is a plural noun; after "analyzes the logs", "writes" is a verb.
 */
export function isVerbPart(text: string, firstWord?: string): boolean {
  const t = text.trim();
  if (t.startsWith("\uE000") || isBareCommand(t)) return true; // a command in backticks, or one written bare
  const word = /^[A-Za-z]+/.exec(t)?.[0];
  if (!word || !leadingVerb(t)) return looksImperative(t, true);
  if (firstWord === undefined) return true;
  const sForm = (w: string) => /[^s]s$/i.test(w) && leadingVerb(w) !== w.toLowerCase();
  if (sForm(word) && !sForm(firstWord)) return false;
  return !isNounCompound(t);
}

/** The first word of the list's first part, fillers off ("I want a workflow that analyzes…" → "analyzes"). */
function firstWordOf(pieces: readonly Piece[]): string {
  const text = pieces[0]?.text ?? "";
  const word = /^[A-Za-z]+/.exec(text)?.[0] ?? "";
  return word && leadingVerb(word) ? word : (/^[A-Za-z]+/.exec(stripFillers(text))?.[0] ?? "");
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** "Node 18" then "20" → "Node 20". */
function carryWord(target: string, object: string): string {
  const m = /(\S+)\s+\d[\w.]*$/.exec(target);
  return /^\d[\w.]*$/.test(object) && m ? `${m[1]} ${object}` : object;
}

/** The step for `object` governed by the verb part `governor`. */
export function distribute(governor: string, object: string): string {
  const g = governor.trim();
  const o = object.trim();
  // The space after `g` lets "Deploy to" (a list heading) end in its preposition.
  const last = [...`${g} `.matchAll(PREPOSITION)].at(-1);
  if (last && last.index > 0) {
    // "run the benchmark on the baseline and on the new model": the object brings its own preposition.
    if (PREPOSITION_LEAD.test(o)) return `${lowerFirst(g.slice(0, last.index))} ${o}`;
    const head = `${g} `.slice(0, last.index + last[0].length);
    const target = g.slice(Math.min(head.length, g.length)).trim();
    if (!target || PLACEHOLDER.test(target) || DETERMINER.test(target) === DETERMINER.test(o)) {
      return `${lowerFirst(head)}${carryWord(target, o)}`;
    }
  }
  const verb = /^\S+(?:\s+(?:up|down|out|off|back|over)\b)?/i.exec(g)![0];
  return `${verb.toLowerCase()} ${o}`;
}

const MODIFIER = /^(?:[a-z][\w-]*|[A-Z0-9][A-Z0-9-]+)$/;

/**
 * "compute the daily, weekly and monthly totals": single-word modifiers sharing the last part's
 * noun → "compute the daily totals", "compute the weekly totals", "compute the monthly totals".
 * Capitalised words are names ("French, German and Brazilian Portuguese"), not modifiers.
 */
function modifierList(governor: string, objects: readonly string[]): string[] | undefined {
  const words = governor.trim().split(/\s+/);
  const lastPart = objects.at(-1)?.split(/\s+/) ?? [];
  const noun = lastPart.slice(1).join(" ");
  const modifiers = [words.at(-1)!, ...objects.slice(0, -1), lastPart[0]];
  if (words.length < 3 || lastPart.length < 2 || !/^[a-z][a-z\s-]*$/.test(noun)) return undefined;
  if (objects.slice(0, -1).some((o) => /\s/.test(o)) || !modifiers.every((m) => MODIFIER.test(m))) return undefined;
  if (modifiers.some((m) => notAVerb(m) || PREPOSITION_WORD.test(m))) return undefined;
  // The shared noun is a noun phrase: "npm test and npm run lint" shares nothing ("run lint" is a verb and its object).
  if (/\s/.test(noun) && leadingVerb(noun) && !isNounCompound(noun)) return undefined;
  const head = words.slice(0, -1).join(" ");
  return modifiers.map((m, i) => `${i ? lowerFirst(head) : head} ${m} ${noun}`);
}

/** The parts of one clause's list, in order (see the file header). */
export function splitParts(text: string, mode: ListMode, note: Note): string[] {
  const pieces = listPieces(text);
  const parts: string[] = [];
  const firstWord = firstWordOf(pieces);
  let governor: string | undefined;
  const fanned: string[] = [];
  for (const [i, piece] of pieces.entries()) {
    if (i === 0) {
      parts.push(piece.text);
      if (isVerbPart(piece.text) || (mode === "fan-out" && looksImperative(piece.text, false))) governor = piece.text;
    } else if (isVerbPart(piece.text, firstWord)) {
      parts.push(piece.text);
      governor = piece.text;
    } else if (mode === "fan-out" && governor) {
      const step = distribute(governor, piece.text);
      parts.push(step);
      fanned.push(step);
    } else {
      parts[parts.length - 1] += `${piece.sep}${piece.text}`;
      note(`"${piece.text}" has no verb of its own, so it stays in "${parts.at(-1)}".`);
    }
  }
  const objects = pieces.slice(1).map((p) => p.text);
  const byModifier =
    fanned.length === objects.length && objects.length ? modifierList(pieces[0].text, objects) : undefined;
  if (byModifier) {
    note(`"${text.trim()}" read as one step per modifier: ${byModifier.map((m) => `"${m}"`).join(", ")}.`);
    return byModifier;
  }
  if (fanned.length) {
    note(`The verb of "${pieces[0].text}" applies to each object after it: ${fanned.map((f) => `"${f}"`).join(", ")}.`);
  }
  // "Every morning, fetch the issues": a short lead without a verb qualifies the step after it.
  if (mode === "seq" && parts.length > 1 && !isVerbPart(parts[0]) && parts[0].trim().split(/\s+/).length <= 4) {
    const [lead, next] = parts.splice(0, 2);
    parts.unshift(`${next.trim()} (${lead.trim().toLowerCase()})`);
    note(`"${lead.trim()}" qualifies the step after it: "${parts[0]}".`);
  }
  // "plan and implement the feature": the bare first verb shares the second one's object.
  if (parts.length === 2 && /^[A-Za-z]+$/.test(parts[0].trim()) && leadingVerb(parts[0])) {
    const object = parts[1].trim().replace(/^\S+\s*/, "");
    if (object) {
      parts[0] = `${parts[0].trim()} ${object}`;
      note(`"${pieces[0].text}" shares the object of "${parts[1].trim()}".`);
    }
  }
  return parts;
}

/**
 * The text before "in parallel" → the parallel parts, and any leading parts that run before them:
 * in "check out the PR, run the tests and the linter at the same time" only the verb-sharing tail
 * ("run the tests", "run the linter") is parallel; "run A, B and C in parallel" is all parallel.
 */
export function splitGroupText(text: string, note: Note): { lead: string[]; group: string[] } {
  const pieces = listPieces(text);
  const firstWord = firstWordOf(pieces);
  const verbs = pieces.map((p, i) => isVerbPart(p.text, i ? firstWord : undefined));
  const tail = verbs.findIndex((v, i) => i > 0 && !v && verbs[i - 1]);
  if (tail > 1 && verbs.slice(0, tail - 1).every(Boolean) && verbs.slice(tail).every((v) => !v)) {
    const lead = pieces.slice(0, tail - 1).map((p) => p.text);
    const rest = pieces.slice(tail - 1);
    const group = splitParts(joinPieces(rest), "fan-out", note);
    return { lead, group };
  }
  return { lead: [], group: splitParts(text, "fan-out", note) };
}

/** "clean it and compute totals" → ["clean it", "compute totals"]: the text before the last verb part, and from it. */
export function cutAtLastVerb(text: string): [string, string] {
  const pieces = listPieces(text);
  const firstWord = firstWordOf(pieces);
  let at = 0;
  pieces.forEach((p, i) => {
    if (i > 0 && isVerbPart(p.text, firstWord)) at = i;
  });
  return [joinPieces(pieces.slice(0, at)), joinPieces(pieces.slice(at))];
}

/**
 * "drawing a chart and writing a summary, pause so I can review" → the first part with the
 * objects and gerunds that continue it, and the rest (from the next verb in its base form).
 */
export function cutAfterFirstPart(text: string): [string, string] {
  const pieces = listPieces(text);
  const firstWord = firstWordOf(pieces);
  const end = pieces.findIndex((p, i) => i > 0 && isVerbPart(p.text, firstWord) && !/^[A-Za-z]+ing\b/i.test(p.text));
  const cut = end < 0 ? pieces.length : end;
  return [joinPieces(pieces.slice(0, cut)), joinPieces(pieces.slice(cut))];
}
