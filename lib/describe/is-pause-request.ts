/** Pause and approval phrases ("pause", "let me review", "ask me", "approve", "wait for", "sign off"). */
const PAUSE =
  /\b(?:pause|let me (?:review|check|see|look|approve|decide|confirm|verify|read|test|pick|choose|select|edit|comment)|ask (?:the|my|our|a|an) [\w-]+(?: [\w-]+)? (?:to|for) (?:review|approve|sign[- ]?off|check|look at)|ask (?:me|us|for (?:my |our )?(?:approval|review|confirmation|sign[- ]?off))|approve|approval|wait for|wait (?:until|till) (?:i|we|someone|a person|a human)|sign(?:ed|s)?[- ]?off|for (?:my|our) (?:review|approval)|check with me|confirm with me|stop (?:so|and let) (?:i|me|we|us))\b/i;

/** A word every pause phrase has: a cheap test before the long pattern. */
const GATE = /pause|let me|ask|approv|wait|sign|for (?:my|our)|with me|stop/i;

/** True when a step asks the workflow to stop for a person (a checkpoint with auto_continue false). */
export function isPauseRequest(text: string): boolean {
  return GATE.test(text) && PAUSE.test(text);
}
