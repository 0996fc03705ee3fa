/**
 * Pick the catalog entry for a step (docs/describe.md, phase 2). Score = 3 per keyword found in the
 * step's text + 2 when the entry lists the step's type hint + 3 more when the leading verb is a
 * keyword; ties go to the entry listed first. No score → the first `fallback` entry, else none.
 */
import { leadingVerb } from "./action-verbs";
import type { CatalogEntry, ExecutorCatalog } from "./executor-catalog-schema";
import type { IntentStep, TypeHint } from "./intent-schema";

export interface CatalogMatch {
  name: string;
  entry: CatalogEntry;
  /** True when no entry matched and the fallback entry was used. */
  fallback: boolean;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

interface Keyword {
  keyword: string;
  /** Only for keywords with other characters than word characters ("root cause", "type-check"). */
  re?: RegExp;
}
/** Each entry's keywords, lower-cased and prepared once (a long description has hundreds of steps). */
const prepared = new WeakMap<CatalogEntry, readonly Keyword[]>();

function keywordsOf(entry: CatalogEntry): readonly Keyword[] {
  let list = prepared.get(entry);
  if (!list) {
    list = entry.match.keywords.map((k) => {
      const keyword = k.toLowerCase();
      return /^\w+$/.test(keyword) ? { keyword } : { keyword, re: new RegExp(`\\b${escape(keyword)}\\b`) };
    });
    prepared.set(entry, list);
  }
  return list;
}

/** `words` holds the text's runs of word characters, so a one-word keyword matches as `\bk\b` would. */
function score(
  entry: CatalogEntry,
  text: string,
  words: ReadonlySet<string>,
  verb: string | undefined,
  hint: TypeHint,
): number {
  let total = entry.match.type_hints.includes(hint) ? 2 : 0;
  for (const { keyword, re } of keywordsOf(entry)) {
    if (re ? re.test(text) : words.has(keyword)) total += 3;
    if (verb === keyword) total += 3;
  }
  return total;
}

export function matchCatalogEntry(catalog: ExecutorCatalog, step: IntentStep): CatalogMatch | undefined {
  let best: CatalogMatch | undefined;
  let bestScore = 0;
  const text = step.description.toLowerCase();
  const words = new Set(text.split(/\W+/));
  const verb = leadingVerb(text);
  for (const [name, entry] of Object.entries(catalog.entries)) {
    const s = score(entry, text, words, verb, step.type_hint);
    if (s > bestScore) {
      best = { name, entry, fallback: false };
      bestScore = s;
    }
  }
  if (best) return best;
  const fallback = Object.entries(catalog.entries).find(([, e]) => e.fallback);
  return fallback ? { name: fallback[0], entry: fallback[1], fallback: true } : undefined;
}
