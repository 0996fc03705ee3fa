/**
 * The known name closest to a misspelt one (Levenshtein distance, a swap of two neighbours counting
 * once), so a diagnostic can say "did you mean …". Only a near match is offered: at most a third of
 * the name's length (and at least 2) edits away.
 */

/** Edit distance between `a` and `b`, stopping early once it exceeds `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      row.push(d);
      if (d < best) best = d;
    }
    if (best > limit) return limit + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length];
}

/** The nearest of `known` to `name` (ties: the first in `known`), or undefined when none is near. */
export function nearestName(name: string, known: Iterable<string>): string | undefined {
  const lower = name.toLowerCase();
  const limit = Math.max(2, Math.floor(name.length / 3));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const k of known) {
    const d = editDistance(lower, k, bestDistance - 1);
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  return best;
}
