/**
 * Pause and approval phrases ("pause", "let me review", "ask me", "approve", "wait for", "sign off").
 * One small pattern per leading word, tried only when the text has that word: a fresh `wf` compiles a
 * pattern the first time it runs (one long case-insensitive pattern for all of them cost ~3 ms), so a
 * description compiles only the patterns of the words it uses.
 */
const PHRASES: ReadonlyArray<readonly [readonly string[], RegExp]> = [
  [["pause"], /\bpause\b/i],
  [
    ["let me"],
    /\blet me (?:review|check|see|look|approve|decide|confirm|verify|read|test|pick|choose|select|edit|comment)\b/i,
  ],
  [
    ["ask"],
    /\bask (?:(?:the|my|our|a|an) [\w-]+(?: [\w-]+)? (?:to|for) (?:review|approve|sign[- ]?off|check|look at)|(?:me|us|for (?:my |our )?(?:approval|review|confirmation|sign[- ]?off)))\b/i,
  ],
  [["approv"], /\b(?:approve|approval)\b/i],
  [["wait"], /\bwait (?:for|(?:until|till) (?:i|we|someone|a person|a human))\b/i],
  [["sign"], /\bsign(?:ed|s)?[- ]?off\b/i],
  [["for my", "for our"], /\bfor (?:my|our) (?:review|approval)\b/i],
  [["with me"], /\b(?:check|confirm) with me\b/i],
  [["stop"], /\bstop (?:so|and let) (?:i|me|we|us)\b/i],
];

/** True when a step asks the workflow to stop for a person (a checkpoint with auto_continue false). */
export function isPauseRequest(text: string): boolean {
  const lower = text.toLowerCase();
  return PHRASES.some(([words, re]) => words.some((w) => lower.includes(w)) && re.test(text));
}
