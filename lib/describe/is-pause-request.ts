/** Pause and approval phrases ("pause", "let me review", "ask me", "approve", "wait for", "sign off"). */
const PAUSE =
  /\b(?:pause|let me (?:review|check|see|look|approve|decide|confirm|verify|read|test)|ask (?:me|us|for (?:my |our )?(?:approval|review|confirmation|sign[- ]?off))|approve|approval|wait for|wait (?:until|till) (?:i|we|someone|a person|a human)|sign(?:ed|s)?[- ]?off|for (?:my|our) (?:review|approval)|check with me|confirm with me|stop (?:so|and let) (?:i|me|we|us))\b/i;

/** True when a step asks the workflow to stop for a person (a checkpoint with auto_continue false). */
export function isPauseRequest(text: string): boolean {
  return PAUSE.test(text);
}
