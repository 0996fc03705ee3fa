/**
 * Tidies one clause into a step description: fillers and connectives off both ends, a subject
 * before a verb off ("we deploy it" → "deploy it"), the leading verb in its base form.
 */
import { ACTION_VERBS, leadingVerb, toBaseVerb } from "./action-verbs";

/**
 * Each filler with the first words it can start with (as the text's first run of letters, lower-cased):
 * a filler is tried only on a text starting with one, so a fresh `wf` compiles only those it needs.
 */
const FILLERS: ReadonlyArray<readonly [ReadonlySet<string>, RegExp]> = (
  [
    [
      "i we",
      /^(?:i|we)\s+(?:want|need|would like|'d like)\s+(?:a|an)\s+(?:workflow|pipeline|process)\s+(?:that|which|to)\s+/i,
    ],
    ["create make build", /^(?:create|make|build)\s+(?:a|an)\s+(?:workflow|pipeline)\s+(?:that|which|to)\s+/i],
    ["i we", /^(?:i|we)\s+(?:want|need|would like)\s+(?:you\s+)?to\s+/i],
    ["we you", /^(?:we|you)\s+(?:need to|want to|should|must|will|can)\s+/i],
    ["you we", /^(?:you|we)\s+(?:have|'ve)\s+/i],
    ["please and also so then to it the", /^(?:please|and|also|so|then|to|it should|the agent should)\s+/i],
    ["let lets", /^let[’']?s\s+/i],
    [
      "the this our",
      /^(?:the|this|our)\s+(?:workflow|pipeline|job|process|flow|automation)\s+(?:should|must|will|needs to|has to)\s+/i,
    ],
    [
      "make be remember don dont try go you we it",
      /^(?:make sure|be sure|remember|don[’']?t forget|try|go ahead and|you[’']ll want|we[’']ll want|it needs)\s+to\s+/i,
    ],
    [
      "the first second third next last final",
      /^(?:the\s+)?(?:first|second|third|next|last|final)\s+step\s+(?:is|will be|should be)\s+(?:to\s+)?/i,
    ],
  ] as const
).map(([heads, re]) => [new Set(heads.split(" ")), re] as const);
const firstLetters = (text: string) => /^[A-Za-z]*/.exec(text)![0].toLowerCase();
const FIRST_WORDS: ReadonlySet<string> = new Set(
  "i we you they create make build please and also so then to it the this our my a an let let's lets be remember don't dont try go first second third next last final".split(
    " ",
  ),
);
/** Who does it, when a verb follows: "we deploy it", "the bot posts a summary". */
const SUBJECT =
  /^(?:i|we|you|they|(?:the|our|my|an?)\s+(?:workflow|pipeline|job|agent|bot|ci|team|system|script|automation))\s+(?:(?:will|should|can|must|then|also|first)\s+)*/i;
/** Connectives that must never begin or end a step's name. */
const LEADING_CONNECTIVE = /^(?:and|or|but|then|so|also|plus|next|each|both|meanwhile)\b[\s,]*/i;
const TRAILING_CONNECTIVE =
  /[\s,]+(?:and|or|but|then|so|also|plus|each|both|once|when|while|after|before|meanwhile|first|firstly|next|finally|lastly|afterwards)$/i;

/** Fillers, subjects before a verb and connectives off both ends; the words themselves unchanged. */
export function stripFillers(raw: string): string {
  let text = raw.replace(/\s+/g, " ").trim();
  for (let before = ""; before !== text;) {
    before = text;
    // Every filler and subject starts with one of a few words: most steps skip the patterns.
    if (FIRST_WORDS.has(/^[a-z']*/i.exec(text)![0].toLowerCase())) {
      let head = firstLetters(text);
      for (const [heads, filler] of FILLERS) {
        if (!heads.has(head)) continue;
        text = text.replace(filler, "").trim();
        head = firstLetters(text);
      }
      const subject = SUBJECT.exec(text);
      if (subject && leadingVerb(text.slice(subject[0].length))) text = text.slice(subject[0].length);
    }
    text = text.replace(LEADING_CONNECTIVE, "").replace(TRAILING_CONNECTIVE, "");
    text = text.replace(/^[\s,;:.-]+|[\s,;:.!?-]+$/g, "");
  }
  return text;
}

/** Returns the cleaned text, or "" when nothing meaningful is left. */
export function cleanStepText(raw: string): string {
  let text = stripFillers(raw);
  const first = /^[A-Za-z]+/.exec(text)?.[0];
  if (first && !ACTION_VERBS.has(first.toLowerCase())) {
    const base = toBaseVerb(first);
    if (ACTION_VERBS.has(base)) text = base + text.slice(first.length);
  }
  // \uE000 marks a protected code span (a command), which counts as content.
  return /[A-Za-z\uE000]/.test(text) ? text : "";
}
