/**
 * A run's node rows that are not stored yet, written a share per commit (decision 056). A new run's
 * commit stores its run row, its spec and its first `NODE_ROWS_PER_COMMIT` planned nodes; each later
 * commit (the engine ticks until none is left) writes the next share, each from the node's state at that
 * commit. So the commit that stores a 100,000-node run writes 1,000 node rows, not 100,000, and no turn of
 * the event loop holds the other runs up for the rest. A run loaded with missing rows (its process
 * stopped before the last share) has its missing nodes read as they start (pending) and written again.
 */
import type { ActiveRun } from "./active-run";

export const NODE_ROWS_PER_COMMIT = 1000;

/** Every planned id of `ids` waits for its row. */
export function leaveUnwritten(run: ActiveRun, ids: readonly string[]): void {
  if (ids.length) run.unwritten = { ids, next: 0 };
}

/**
 * Moves the next share of the run's unwritten rows into what this commit writes (`touched`); returns where the
 * share began, for `giveBackShare` when the commit fails.
 */
export function takeUnwrittenShare(run: ActiveRun): ActiveRun["unwritten"] {
  const u = run.unwritten;
  if (!u) return undefined;
  const end = Math.min(u.ids.length, u.next + NODE_ROWS_PER_COMMIT);
  for (let k = u.next; k < end; k++) run.touched.add(u.ids[k]);
  run.unwritten = end === u.ids.length ? undefined : { ids: u.ids, next: end };
  return u;
}

/**
 * The commit that held the share failed: the run waits for the same share again (its ids stay in `touched`
 * too), so tries that keep failing do not pile every row into the next commit.
 */
export function giveBackShare(run: ActiveRun, taken: ActiveRun["unwritten"]): void {
  if (taken) run.unwritten = taken;
}
