/**
 * Conditions on people ("once I've approved it", "after I sign off", "with my OK", "once the PR is
 * approved"): not work to run but a pause for a person, placed before the step they guard.
 */
import { leadingVerb } from "./action-verbs";
import { matchPersonCondition } from "./match-person-condition";

export interface PersonCondition {
  /** The condition as written, conjunction included: "once I've approved it". */
  phrase: string;
  /** The pause's words: "wait until I've approved it", "wait for my approval". */
  pause: string;
  /** Work written before the condition that runs before the pause ("write the notes, after I sign off, …"). */
  before: string;
  /** What the pause guards ("" when the clause is only the condition). */
  rest: string;
  /** Where the condition sat: before what it guards, after it, or alone in its clause. */
  at: "lead" | "trail" | "alone";
}

const CONJ =
  "(?:(?:but\\s+)?only\\s+)?(?:once|after|when|whenever|as soon as|if|upon|following|pending|with|subject to)";
const LEAD_CONJ = new RegExp(`^${CONJ}\\s+`, "i");
const TRAIL_CONJ = new RegExp(`(?:,\\s*|\\s+)${CONJ}\\s+`, "gi");
/** Words that may start the object of "approve" before the guarded step, and its length: "once I've approved it, publish". */
const OBJECT_LENGTH: Readonly<Record<string, number>> = {
  it: 1,
  this: 1,
  that: 1,
  them: 1,
  everything: 1,
  the: 2,
  my: 2,
  our: 2,
};

const PAUSE_WORDS = { subject: "wait until", noun: "wait for", participle: "wait until" } as const;

/** The condition at the start of `text` (after its conjunction) and where it ends, or undefined. */
function conditionAt(text: string): { end: number; pause: (c: string) => string; object: boolean } | undefined {
  const m = matchPersonCondition(text);
  return m && { end: m.end, pause: (c) => `${PAUSE_WORDS[m.form]} ${c}`, object: m.form === "subject" };
}

/**
 * After "once I've approved": the object and the guarded step. A comma ends the object; without
 * one a known verb right after a short object starts the step ("once I sign off release it").
 */
function splitObject(after: string, takesObject: boolean): { object: string; rest: string } {
  const comma = after.indexOf(",");
  if (comma >= 0 && (takesObject || !after.slice(0, comma).trim())) {
    return { object: after.slice(0, comma).trim(), rest: after.slice(comma + 1).trim() };
  }
  const words = after.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return { object: "", rest: "" };
  const j = leadingVerb(words[0]) ? 0 : (OBJECT_LENGTH[words[0].toLowerCase()] ?? -1);
  if (j >= 0 && j < words.length && (j === 0 || takesObject) && leadingVerb(words[j])) {
    return { object: words.slice(0, j).join(" "), rest: words.slice(j).join(" ") };
  }
  return takesObject && words.length <= 4 ? { object: words.join(" "), rest: "" } : { object: "", rest: after.trim() };
}

const withObject = (text: string, object: string) => `${text}${object ? ` ${object}` : ""}`.trim();

/** Words every condition on a person has one of: a cheap test before the long patterns. */
const HINT =
  /approv|sign|\bok|go-?ahead|green|thumbs|\bsa(?:y|ys|id) |confirm|review|check|look|accept|agree|decide|happy|satisf|ready|fine|sure|consent|blessing|\bnod\b/i;

const CONJ_WORD = /\b(?:once|after|when|whenever|as soon as|if|upon|following|pending|with|subject to)\b/i;

/** Reads a person condition leading, trailing or making up `clause`; undefined when there is none. */
export function readPersonCondition(clause: string): PersonCondition | undefined {
  const text = clause.trim();
  if (!HINT.test(text) || !CONJ_WORD.test(text)) return undefined;
  const lead = LEAD_CONJ.exec(text);
  const leadCond = lead && conditionAt(text.slice(lead[0].length));
  if (lead && leadCond) {
    const end = lead[0].length + leadCond.end;
    const { object, rest } = splitObject(text.slice(end), leadCond.object);
    const pause = leadCond.pause(withObject(text.slice(lead[0].length, end), object));
    return { phrase: withObject(text.slice(0, end), object), pause, before: "", rest, at: rest ? "lead" : "alone" };
  }
  for (const m of text.matchAll(TRAIL_CONJ)) {
    if (m.index === 0) continue;
    const from = m.index + m[0].length;
    const cond = conditionAt(text.slice(from));
    if (!cond) continue;
    const end = from + cond.end;
    const before = text.slice(0, m.index).trim();
    const phraseTo = (object: string) => withObject(text.slice(m.index, end).replace(/^[\s,]+/, ""), object);
    // "write the notes, after I sign off, release the build": the condition guards what follows it.
    const { object, rest } = splitObject(text.slice(end), cond.object);
    if (rest && leadingVerb(rest)) {
      return {
        phrase: phraseTo(object),
        pause: cond.pause(withObject(text.slice(from, end), object)),
        before,
        rest,
        at: "lead",
      };
    }
    const tail = text.slice(end).trim();
    if (tail && (!cond.object || tail.includes(",") || tail.split(/\s+/).length > 4)) continue;
    return {
      phrase: phraseTo(tail),
      pause: cond.pause(withObject(text.slice(from, end), tail)),
      before: "",
      rest: before,
      at: "trail",
    };
  }
  return undefined;
}
