/**
 * Sequence and ordinal words ("then", "after that", "first", "second", "finally", "once …", "when
 * both …", arrows): they cut a sentence into clauses in order and are never part of a step's name.
 * The words met are collected so the assumptions can say how they were read.
 */

/** Marks a clause boundary inside a sentence (never typed by a person: control characters are stripped first). */
export const CLAUSE_BREAK = "\u0000";

const ORDINALS = "second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth";
/** Each marker with words one of which the sentence must contain (a cheap test before the regex). */
const MARKERS: ReadonlyArray<[RegExp, string[]]> = [
  [/(?:,\s*|\s+)(?:and\s+)?then\b,?/gi, ["then"]],
  [/(?:,\s*|\s+)(?:and\s+)?after (?:that|this|which)\b,?/gi, ["after"]],
  [/(?:,\s*|\s+)(?:and\s+)?afterwards?\b,?/gi, ["afterward"]],
  [/(?:,\s*|\s+)(?:and\s+)?subsequently\b,?/gi, ["subsequently"]],
  [/,\s*(?:and\s+)?next\b,?/gi, ["next"]],
  [/(?:,\s*|\s+)(?:and\s+)?(?:finally|lastly)\b,?/gi, ["finally", "lastly"]],
  [new RegExp(`(?:,\\s*|\\s+and\\s+)(?:${ORDINALS})(?:ly)?\\b,?(?=\\s)`, "gi"), ORDINALS.split("|")],
  [/\s+followed by\s+/gi, ["followed by"]],
  [/\s*(?:→|->|=>|⟶)\s*/g, ["→", "->", "=>", "⟶"]],
  [/(?:,\s*|\s+)(?:and\s+)?(?=once\s)/gi, ["once"]],
  [
    /(?:,\s*|\s+)(?:and\s+)?(?=(?:when|after|once) (?:both|all|they|these|those|everything)\b)/gi,
    ["when", "after", "once"],
  ],
  // "…, and if it passes, ask …": a condition with its own comma starts a clause.
  [/,\s*(?:and\s+)?(?=(?:if|unless)\s[^,]+,)/gi, ["if", "unless"]],
];

/** Sequence words that open a clause; stripped (repeatedly) before the clause is read. */
const LEADS = new RegExp(
  "^(?:(?:and\\s+)?then|first(?:ly)?|to (?:start|begin)(?: with)?|start by|begin by|next|after (?:that|this)|" +
    "afterwards?|subsequently|finally|lastly|last(?: of all| but not least)?|in the end|at the end|to finish|to wrap up|" +
    `(?:${ORDINALS})(?:ly)?|(?:1st|2nd|3rd|[4-9]th)|step (?:one|two|three|four|five|six|seven|eight|nine|ten|\\d+))\\b[,:.)-]?\\s*`,
  "i",
);

/** Sequence words left at the end of a clause ("run the tests first"): order, not name. */
const TRAILS = /[\s,]+(?:first|firstly|next|then|afterwards|after that|last|lastly|finally)$/i;

/** Cuts one sentence (its end punctuation already off) into clauses, adding the words met to `seen`. */
export function splitClauses(sentence: string, seen: Set<string>): string[] {
  let marked = sentence;
  const lower = sentence.toLowerCase();
  for (const [marker, words] of MARKERS) {
    if (!words.some((w) => lower.includes(w))) continue;
    marked = marked.replace(marker, (m) => {
      const word = m.replace(/^[\s,]*(?:and\s+)?|[\s,]+$/gi, "").toLowerCase();
      if (word) seen.add(word);
      return CLAUSE_BREAK;
    });
  }
  return marked.split(CLAUSE_BREAK);
}

/** Strips sequence words from both ends of a clause, adding them to `seen`. */
export function stripSequenceWords(clause: string, seen: Set<string>): string {
  let text = clause.trim();
  for (let before = ""; before !== text;) {
    before = text;
    const lead = LEADS.exec(text);
    if (lead) {
      seen.add(lead[0].replace(/[\s,:.)-]+$/, "").toLowerCase());
      text = text.slice(lead[0].length).trim();
    }
    const trail = TRAILS.exec(text);
    if (trail && trail.index > 0) {
      seen.add(trail[0].replace(/^[\s,]+/, "").toLowerCase());
      text = text.slice(0, trail.index).trim();
    }
  }
  return text;
}
