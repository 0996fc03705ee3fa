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

/**
 * A catalog prepared once for matching (a long description has hundreds of steps): entries in order,
 * which entries list each type hint, and each one-word keyword's entries (once per listing, so a keyword
 * listed twice counts twice), so a step costs a look-up per word of its text instead of a pass over every
 * keyword of every entry. Keywords with other characters than word characters ("root cause",
 * "type-check") keep a pattern each. A catalog is read as it is at its first match.
 */
interface CatalogIndex {
  names: string[];
  entries: CatalogEntry[];
  hints: Map<TypeHint, number[]>;
  words: Map<string, number[]>;
  phrases: { entry: number; re: RegExp }[];
  fallback: number;
}
const indexes = new WeakMap<ExecutorCatalog, CatalogIndex>();

function indexOf(catalog: ExecutorCatalog): CatalogIndex {
  let index = indexes.get(catalog);
  if (index) return index;
  const listed = Object.entries(catalog.entries);
  index = {
    names: listed.map(([name]) => name),
    entries: listed.map(([, entry]) => entry),
    hints: new Map(),
    words: new Map(),
    phrases: [],
    fallback: listed.findIndex(([, e]) => e.fallback),
  };
  const add = <K>(map: Map<K, number[]>, key: K, i: number) => {
    const list = map.get(key);
    if (list) list.push(i);
    else map.set(key, [i]);
  };
  for (const [i, entry] of index.entries.entries()) {
    for (const hint of new Set(entry.match.type_hints)) add(index.hints, hint, i);
    for (const k of entry.match.keywords) {
      const keyword = k.toLowerCase();
      if (/^\w+$/.test(keyword)) add(index.words, keyword, i);
      else index.phrases.push({ entry: i, re: new RegExp(`\\b${escape(keyword)}\\b`) });
    }
  }
  indexes.set(catalog, index);
  return index;
}

export function matchCatalogEntry(catalog: ExecutorCatalog, step: IntentStep): CatalogMatch | undefined {
  const index = indexOf(catalog);
  const text = step.description.toLowerCase();
  const scores = new Array<number>(index.entries.length).fill(0);
  const bump = (entries: readonly number[] | undefined, points: number) => {
    if (entries) for (const i of entries) scores[i] += points;
  };
  bump(index.hints.get(step.type_hint), 2);
  // The text's runs of word characters: a one-word keyword found among them matches as `\bk\b` would.
  for (const word of new Set(text.split(/\W+/))) bump(index.words.get(word), 3);
  for (const { entry, re } of index.phrases) if (re.test(text)) scores[entry] += 3;
  // The leading verb (base form) as a keyword: 3 more (a phrase keyword is never one word).
  const verb = leadingVerb(text);
  if (verb) bump(index.words.get(verb), 3);
  let best = -1;
  for (let i = 0; i < scores.length; i++) if (scores[i] > (best < 0 ? 0 : scores[best])) best = i;
  if (best >= 0) return { name: index.names[best], entry: index.entries[best], fallback: false };
  const f = index.fallback;
  return f >= 0 ? { name: index.names[f], entry: index.entries[f], fallback: true } : undefined;
}
