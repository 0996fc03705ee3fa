/**
 * The bounds of every field that holds a duration or a count of repeats. The schema enforces them
 * (`template-schema.ts`), the JSON Schema for editors shows them, and `docs/model.md` states them.
 * Timers longer than the platform's limit are armed in steps (`server/timers/safe-timeout.ts`), so a
 * bound is about what makes sense, not about what a timer can hold.
 */

const DAY_S = 86_400;

export const FIELD_BOUNDS = {
  /** A node's timeout; on a node that waits for a person, how long the wait may last. */
  timeoutS: { max: 365 * DAY_S, text: "365 days" },
  /** A check's or precondition's own timeout. */
  checkTimeoutS: { max: DAY_S, text: "1 day" },
  /** Extra attempts after the first. */
  retries: { max: 100, text: "100 retries" },
  /** The wait before a retry. */
  backoffMs: { max: DAY_S * 1000, text: "1 day" },
  /** Iterations of a loop (expanded when the run is planned). */
  maxIter: { min: 1, max: 100, text: "100 iterations" },
} as const;

/** The message the schema gives for a value over `max`, with the bound in words. */
export function overBound(max: number, unit: string, text: string): string {
  const plain = `must be at most ${max} ${unit}`;
  return text === `${max} ${unit}` ? plain : `${plain} (${text})`;
}

/** What a check waits for at most when it declares no `timeout_s`: a command check, an agent's verdict. */
export const DEFAULT_CHECK_TIMEOUT_S = 600;
