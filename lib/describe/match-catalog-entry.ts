/**
 * Pick the catalog entry for a step (docs/describe.md, phase 2). Score = 3 per keyword found in the
 * step's text + 2 when the entry lists the step's type hint + 3 more when the leading verb is a
 * keyword; ties go to the entry listed first. No score → the first `fallback` entry, else none.
 */
import { leadingVerb } from "./action-verbs";
import type { CatalogEntry, ExecutorCatalog } from "./executor-catalog-schema";
import type { IntentStep } from "./intent-schema";

export interface CatalogMatch {
  name: string;
  entry: CatalogEntry;
  /** True when no entry matched and the fallback entry was used. */
  fallback: boolean;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function score(entry: CatalogEntry, step: IntentStep): number {
  const text = step.description.toLowerCase();
  const verb = leadingVerb(text);
  let total = entry.match.type_hints.includes(step.type_hint) ? 2 : 0;
  for (const keyword of entry.match.keywords) {
    const k = keyword.toLowerCase();
    if (new RegExp(`\\b${escape(k)}\\b`).test(text)) total += 3;
    if (verb === k) total += 3;
  }
  return total;
}

export function matchCatalogEntry(catalog: ExecutorCatalog, step: IntentStep): CatalogMatch | undefined {
  let best: CatalogMatch | undefined;
  let bestScore = 0;
  for (const [name, entry] of Object.entries(catalog.entries)) {
    const s = score(entry, step);
    if (s > bestScore) {
      best = { name, entry, fallback: false };
      bestScore = s;
    }
  }
  if (best) return best;
  const fallback = Object.entries(catalog.entries).find(([, e]) => e.fallback);
  return fallback ? { name: fallback[0], entry: fallback[1], fallback: true } : undefined;
}
