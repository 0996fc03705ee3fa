/** Tidies one clause into a step description: fillers off, leading verb in its base form. */
import { ACTION_VERBS, toBaseVerb } from "./action-verbs";

const FILLERS = [
  /^(?:i|we)\s+(?:want|need|would like|'d like)\s+(?:a|an)\s+(?:workflow|pipeline|process)\s+(?:that|which|to)\s+/i,
  /^(?:create|make|build)\s+(?:a|an)\s+(?:workflow|pipeline)\s+(?:that|which|to)\s+/i,
  /^(?:i|we)\s+(?:want|need|would like)\s+(?:you\s+)?to\s+/i,
  /^(?:we|you)\s+(?:need to|want to|should|must|will|can)\s+/i,
  /^(?:you|we)\s+(?:have|'ve)\s+/i,
  /^(?:please|and|also|so|then|to|it should|the agent should)\s+/i,
  /^let[’']?s\s+/i,
];

/** Returns the cleaned text, or "" when nothing meaningful is left. */
export function cleanStepText(raw: string): string {
  let text = raw.replace(/\s+/g, " ").trim();
  for (let changed = true; changed;) {
    changed = false;
    for (const filler of FILLERS) {
      const next = text.replace(filler, "");
      if (next !== text) {
        text = next.trim();
        changed = true;
      }
    }
  }
  text = text.replace(/^[\s,;:.-]+|[\s,;:.!?-]+$/g, "");
  const first = /^[A-Za-z]+/.exec(text)?.[0];
  if (first && !ACTION_VERBS.has(first.toLowerCase())) {
    const base = toBaseVerb(first);
    if (ACTION_VERBS.has(base)) text = base + text.slice(first.length);
  }
  // \uE000 marks a protected code span (a command), which counts as content.
  return /[A-Za-z\uE000]/.test(text) ? text : "";
}
