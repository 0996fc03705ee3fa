/**
 * What becomes of the fire times that are due at once (docs/triggers.md, "Misfires"). A fire time
 * is a misfire when a later one is also due (it was passed over while no server ran) or when it is
 * older than the grace period; the latest due time within the grace is simply on time. Then:
 * 1. no misfire → the on-time fire starts;
 * 2. `skip` → every misfire is recorded `missed`, an on-time fire starts;
 * 3. `run_once` → the latest due time starts, every earlier one is `missed`;
 * 4. `run_all` → the latest `RUN_ALL_MAX` start (oldest first), the earlier ones are `missed`.
 */
import type { MisfirePolicy } from "./trigger-schema";

/** How late a fire may be handled and still count as on time (a restart, a busy moment). */
export const MISFIRE_GRACE_MS = 5000;

/** `run_all` starts at most this many of the fires it catches up on. */
export const RUN_ALL_MAX = 10;

export interface PlannedFire {
  scheduledFor: number;
  action: "start" | "missed";
  /** Why a fire is `missed`, or that a started one is late (a misfire caught up). */
  reason?: string;
}

function late(t: number, now: number): string {
  return `${Math.round((now - t) / 1000)} s late`;
}

/** `due`: the due fire times, oldest first, each ≤ `now`. */
export function planDueFires(
  due: readonly number[],
  now: number,
  policy: MisfirePolicy,
  graceMs = MISFIRE_GRACE_MS,
): PlannedFire[] {
  const latest = due.at(-1);
  if (latest === undefined) return [];
  const onTime = now - latest <= graceMs;
  const misfires = onTime ? due.slice(0, -1) : due;
  if (misfires.length === 0) return [{ scheduledFor: latest, action: "start" }];
  const missed = (t: number, why: string): PlannedFire => ({ scheduledFor: t, action: "missed", reason: why });
  switch (policy) {
    case "skip":
      return [
        ...misfires.map((t) => missed(t, `missed while no server ran (${late(t, now)}; misfire: skip)`)),
        ...(onTime ? [{ scheduledFor: latest, action: "start" as const }] : []),
      ];
    case "run_once":
      return [
        ...due.slice(0, -1).map((t) => missed(t, `passed over: run_once starts only the latest missed fire`)),
        {
          scheduledFor: latest,
          action: "start",
          ...(onTime ? {} : { reason: `misfire caught up (${late(latest, now)})` }),
        },
      ];
    case "run_all": {
      const cut = Math.max(0, due.length - RUN_ALL_MAX);
      return due.map((t, i) =>
        i < cut
          ? missed(t, `run_all starts at most ${RUN_ALL_MAX} missed fires: older ones are missed`)
          : {
              scheduledFor: t,
              action: "start" as const,
              ...(t === latest && onTime ? {} : { reason: `misfire caught up (${late(t, now)})` }),
            },
      );
    }
  }
}
