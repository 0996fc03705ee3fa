/**
 * Conditions on people ("once I've approved it", "after I sign off", "with my OK", "once the PR is
 * approved"): not work to run but a pause for a person, placed before the step they guard.
 */
import { leadingVerb } from "./action-verbs";

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
const SUBJECT =
  "(?:i|we|someone|somebody|a (?:person|human|reviewer|maintainer|teammate|manager)|" +
  "(?:the|my|our) (?:[\\w-]+ )?(?:team|reviewers?|owners?|maintainers?|approvers?|lead|manager|boss|client|customer|editor|" +
  "on-?call(?: engineer)?|release manager|product owner|qa team|security team|legal team)|legal|security|qa)";
const HELPER =
  "(?:'ve|’ve|'d|’d|\\s+(?:have|has|had|will|can|do|did))?(?:\\s+(?:manually|personally|explicitly|finally|also|both|all))?";
const ACT =
  "(?:approved?|approves|sign(?:ed|s)?[- ]off(?:\\s+on)?|(?:give|gives|gave|given)\\s+(?:it\\s+)?(?:(?:the|my|our|a|an)\\s+)?" +
  "(?:ok|okay|go-?ahead|green light|thumbs[- ]up|sign-?off|approval|nod)|ok(?:'?d|ed|ay(?:ed)?)?|(?:say|says|said) (?:so|ok|okay|yes|go)|" +
  "confirm(?:ed|s)?|review(?:ed|s)?|check(?:ed|s)?|look(?:ed|s)? (?:at|over|through)|accept(?:ed|s)?|agree(?:d|s)?|decide(?:d|s)?)";
/** Only a person approves or signs off, whoever the subject: "once the host approves it". */
const APPROVE =
  "(?:approved?|approves|sign(?:ed|s)?[- ]off(?:\\s+on)?|(?:give|gives|gave|given)\\s+(?:it\\s+)?(?:(?:the|my|our|a|an)\\s+)?" +
  "(?:ok|okay|go-?ahead|green light|thumbs[- ]up|sign-?off|approval)|ok(?:'?d|ed|ay(?:ed)?)|(?:say|says|said) so)";
const ANYONE = "(?:(?:the|my|our|a|an)\\s+)?[A-Za-z][\\w-]*(?:\\s+[A-Za-z][\\w-]*)??";
const CONTENT = "(?:'m|’m|'re|’re|\\s+(?:am|are|is))\\s+(?:happy|satisfied|ready|ok|okay|fine|sure)";
const BY = "\\s+by\\s+(?:me|us|someone|a (?:person|human|reviewer)|(?:the|my|our)\\s+[\\w-]+)";
/** Ends a condition at a word boundary, so "approve" does not stop inside "approves". */
const END = "(?![\\w'’-])";

interface ConditionForm {
  re: RegExp;
  pause: (cond: string) => string;
  /** "once I've approved it": the verb may take an object. */
  object: boolean;
}

const CONDITIONS: readonly ConditionForm[] = [
  {
    re: new RegExp(`^${SUBJECT}(?:${HELPER}\\s+${ACT}|${CONTENT})${END}`, "i"),
    pause: (c) => `wait until ${c}`,
    object: true,
  },
  { re: new RegExp(`^${ANYONE}${HELPER}\\s+${APPROVE}${END}`, "i"), pause: (c) => `wait until ${c}`, object: true },
  {
    re: new RegExp(
      "^(?:(?:(?:my|our|the team's|a person's|a human's|someone's|the reviewer's|manual|human|explicit|final)\\s+)?" +
        `(?:approval|ok|okay|go-?ahead|sign-?off|green light|thumbs[- ]up|confirmation|consent|blessing)|(?:my|our|manual|human)\\s+review)${END}`,
      "i",
    ),
    pause: (c) => `wait for ${c}`,
    object: false,
  },
  {
    re: new RegExp(
      "^(?:(?:it|this|that|they|these|those|everything|the\\s+[\\w-]+(?:\\s+[\\w-]+)?)(?:'s|’s|\\s+(?:is|are|has been|have been|gets|get|got))\\s+)?" +
        `(?:(?:approved|signed[- ]off|okayed|ok'd|green-?lit|accepted)(?:${BY})?|reviewed${BY})${END}`,
      "i",
    ),
    pause: (c) => `wait until ${c}`,
    object: false,
  },
];
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

/** The condition at the start of `text` (after its conjunction) and where it ends, or undefined. */
function conditionAt(text: string): (ConditionForm & { end: number }) | undefined {
  for (const c of CONDITIONS) {
    const m = c.re.exec(text);
    if (m) return { ...c, end: m[0].length };
  }
  return undefined;
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
