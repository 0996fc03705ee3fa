/**
 * The condition on a person right after its conjunction ("once |I've approved it"), matched word
 * by word (long case-insensitive patterns cost milliseconds to compile in every fresh `wf`):
 * 1. someone, helpers, an act: "I've approved", "the release manager signs off", "we're happy".
 *    Approving, signing off, giving the OK make anyone a person ("the host approves it"); other
 *    acts (review, check, confirm…) need a known one ("I", "the team", "my editor");
 * 2. a noun, maybe owned: "my approval", "the team's OK", "approval";
 * 3. a participle: "it's approved", "the PR is approved", "approved by the team", "reviewed by me".
 */

export interface ConditionMatch {
  /** Where the condition ends in the text given. */
  end: number;
  form: "subject" | "noun" | "participle";
}

interface Word {
  w: string;
  end: number;
}

const WORD = /\s*([a-z]+(?:-[a-z]+)*|'(?:ve|d|m|re|s))/y;
const set = (words: string) => new Set(words.split(" "));
const KNOWN = set("i we someone somebody legal security qa");
const PERSON = set(
  "team reviewer reviewers owner owners maintainer maintainers approver approvers lead manager boss client customer editor on-call oncall engineer person human teammate",
);
const HELPERS = set("'ve 'd have has had will can do did");
const ADVERBS = set("manually personally explicitly finally also both all");
const APPROVE = set("approve approved approves ok okd oked okay okayed sign-off signed-off");
const SIGN = set("sign signed signs");
const GIVE = set("give gives gave given");
const OK_NOUNS = set("ok okay go-ahead approval nod sign-off thumbs-up");
const SAY = set("say says said");
const SAID = set("so ok okay yes go");
const KNOWN_ACTS = set(
  "confirm confirmed confirms review reviewed reviews check checked checks accept accepted accepts agree agreed agrees decide decided decides",
);
const LOOK = set("look looked looks");
const CONTENT_VERB = set("'m 're am are is");
const CONTENT = set("happy satisfied ready ok okay fine sure");
const OWNERS = set("my our manual human explicit final");
const NOUNS = set("approval ok okay go-ahead sign-off confirmation consent blessing thumbs-up");
const PRONOUNS = set("it this that they these those everything");
const BE = set("'s is are gets get got");
const PARTICIPLES = set("approved okayed accepted green-lit greenlit signed-off");
const DETERMINERS = set("the my our");
const NOT_NOUN = set(
  "'s is are was were be been am 'm 're 've 'd have has had will can do did when once if after before and or but then so to of in on at for with while another it they",
);

/** Lower-cased words from the start of `text` and where each ends (offsets are the text's own). */
function wordsOf(text: string): Word[] {
  // One character for one: offsets into `plain` are offsets into `text`.
  const plain = text
    .replace(/’/g, "'")
    .replace(/[^\t\n\r -~]/g, " ")
    .toLowerCase();
  const words: Word[] = [];
  WORD.lastIndex = 0;
  for (let m = WORD.exec(plain); m && words.length < 12; m = WORD.exec(plain)) {
    words.push({ w: m[1], end: WORD.lastIndex });
  }
  return words;
}

/** "green light", "thumbs up": two words for one noun. */
function nounAt(t: readonly Word[], i: number, nouns: ReadonlySet<string>): number {
  if (nouns.has(t[i]?.w)) return i + 1;
  if ((t[i]?.w === "green" && t[i + 1]?.w === "light") || (t[i]?.w === "thumbs" && t[i + 1]?.w === "up")) return i + 2;
  return -1;
}

/** The act starting at word `i`; returns the index after it, or -1. */
function actAt(t: readonly Word[], i: number, known: boolean): number {
  const w = t[i]?.w;
  if (w === undefined) return -1;
  if (APPROVE.has(w)) return t[i + 1]?.w === "'d" ? i + 2 : i + 1;
  if (SIGN.has(w) && t[i + 1]?.w === "off") return t[i + 2]?.w === "on" ? i + 3 : i + 2;
  if (GIVE.has(w)) {
    let j = i + 1;
    if (t[j]?.w === "it") j++;
    if (["the", "my", "our", "a", "an"].includes(t[j]?.w)) j++;
    return nounAt(t, j, OK_NOUNS);
  }
  if (SAY.has(w) && SAID.has(t[i + 1]?.w)) return i + 2;
  if (!known) return -1;
  if (KNOWN_ACTS.has(w)) return i + 1;
  if (LOOK.has(w) && ["at", "over", "through"].includes(t[i + 1]?.w)) return i + 2;
  if (CONTENT_VERB.has(w) && CONTENT.has(t[i + 1]?.w)) return i + 2;
  return -1;
}

/** Where a known person ends ("I", "a reviewer", "the tech lead"), or -1. */
function knownSubject(t: readonly Word[]): number {
  if (KNOWN.has(t[0]?.w)) return 1;
  if (t[0]?.w === "a" && PERSON.has(t[1]?.w)) return 2;
  if (!DETERMINERS.has(t[0]?.w)) return -1;
  if (PERSON.has(t[1]?.w)) return 2;
  return PERSON.has(t[2]?.w) ? 3 : -1;
}

function subjectForm(t: readonly Word[]): number {
  const known = knownSubject(t);
  // Anyone else: a name or a noun phrase of up to two words (three after "the"), no verb of being or
  // function word in it ("when the build is ok", "after another when I say so" name no person).
  const plain = (n: number) =>
    (n < 3 || DETERMINERS.has(t[0]?.w) || t[0]?.w === "a") &&
    t.slice(0, n).every((x) => !NOT_NOUN.has(x.w)) &&
    !OWNERS.has(t[n - 1]?.w) &&
    !["the", "a", "an"].includes(t[n - 1]?.w);
  const starts = known >= 0 ? [[known, 1]] : [1, 2, 3].filter(plain).map((n) => [n, 0]);
  for (const [s, isKnown] of starts) {
    let i = s;
    for (let h = 0; h < 2 && HELPERS.has(t[i]?.w); h++) i++;
    if (ADVERBS.has(t[i]?.w)) i++;
    const end = actAt(t, i, isKnown === 1);
    if (end > 0) return end;
  }
  return -1;
}

function nounForm(t: readonly Word[]): number {
  let i = 0;
  if (OWNERS.has(t[0]?.w)) i = 1;
  else if (PRONOUNS.has(t[0]?.w))
    return -1; // "it's approved" is a participle
  else if (t[1]?.w === "'s") i = 2;
  else if (t[2]?.w === "'s") i = 3;
  if (t[i]?.w === "review" && i === 1 && ["my", "our", "manual", "human"].includes(t[0].w)) return 2;
  return nounAt(t, i, NOUNS);
}

/** "by me", "by the team". */
function byAt(t: readonly Word[], i: number): number {
  if (t[i]?.w !== "by") return -1;
  const w = t[i + 1]?.w;
  if (["me", "us", "someone"].includes(w)) return i + 2;
  if (w === "a" && ["person", "human", "reviewer"].includes(t[i + 2]?.w)) return i + 3;
  return DETERMINERS.has(w) && t[i + 2] ? i + 3 : -1;
}

function participleForm(t: readonly Word[]): number {
  const starts = [0];
  if (PRONOUNS.has(t[0]?.w)) starts.push(1);
  if (t[0]?.w === "the") starts.push(2, 3);
  for (const s of starts) {
    let i = s;
    if (s > 0) {
      if (BE.has(t[i]?.w)) i++;
      else if (["has", "have"].includes(t[i]?.w) && t[i + 1]?.w === "been") i += 2;
      else continue;
    }
    const w = t[i]?.w;
    const by = (j: number) => byAt(t, j);
    if (PARTICIPLES.has(w) || (w === "ok" && t[i + 1]?.w === "'d") || (w === "signed" && t[i + 1]?.w === "off")) {
      const j = i + (w === "ok" || w === "signed" ? 2 : 1);
      return by(j) > 0 ? by(j) : j;
    }
    if (w === "reviewed" && by(i + 1) > 0) return by(i + 1);
  }
  return -1;
}

/** The condition on a person at the start of `text`, or undefined. */
export function matchPersonCondition(text: string): ConditionMatch | undefined {
  const t = wordsOf(text);
  for (const [form, match] of [
    ["subject", subjectForm],
    ["noun", nounForm],
    ["participle", participleForm],
  ] as const) {
    const n = match(t);
    if (n > 0) return { end: t[n - 1].end, form };
  }
  return undefined;
}
