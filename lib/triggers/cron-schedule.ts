/**
 * Fire times of a schedule: a cron expression of 5 fields (minute precision) or 6 (seconds first)
 * in an IANA time zone. croner computes the times and owns the daylight-saving rule: a schedule
 * whose second, minute and hour are single values ("30 2 * * *") fires once at the first valid time
 * after a spring-forward gap and once when a fall-back repeats the hour; any other schedule
 * ("*\/30 * * * *") skips the times a gap removes and fires at both occurrences of a repeated time.
 */
import { Cron } from "croner";

export interface Schedule {
  cron: string;
  timezone: string;
}

export interface ScheduleProblem {
  field: "cron" | "timezone";
  message: string;
}

/** The usual nicknames, written as the 5 fields they stand for. */
const NICKNAMES: Readonly<Record<string, string>> = {
  "@yearly": "0 0 1 1 *",
  "@annually": "0 0 1 1 *",
  "@monthly": "0 0 1 * *",
  "@weekly": "0 0 * * 0",
  "@daily": "0 0 * * *",
  "@midnight": "0 0 * * *",
  "@hourly": "0 * * * *",
};

/** Single spaces between fields; a nickname becomes its fields. */
export function normalizeCron(cron: string): string {
  const trimmed = cron.trim().replace(/\s+/g, " ");
  return NICKNAMES[trimmed.toLowerCase()] ?? trimmed;
}

/** Whether `tz` names an IANA zone this runtime knows ("Europe/Berlin", "UTC"); never an offset like "+02:00". */
export function isIanaTimeZone(tz: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

// Compiled schedules: parsing is the slow part, and the same few schedules are asked again and again.
const compiled = new Map<string, Cron>();
const MAX_COMPILED = 500;

function compile(s: Schedule): Cron {
  const key = `${s.timezone}\u0000${s.cron}`;
  let c = compiled.get(key);
  if (!c) {
    // No function: croner only evaluates, it arms no timer.
    c = new Cron(normalizeCron(s.cron), { timezone: s.timezone, mode: "5-or-6-parts", paused: true });
    if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
    compiled.set(key, c);
  }
  return c;
}

/** What is wrong with a schedule, naming the field, or undefined when it fires. */
export function scheduleProblem(cron: string, timezone: string): ScheduleProblem | undefined {
  if (!isIanaTimeZone(timezone))
    return {
      field: "timezone",
      message: `"${timezone.slice(0, 64)}" is not an IANA time zone name (like Europe/Berlin, America/New_York or UTC)`,
    };
  const fields = normalizeCron(cron).split(" ");
  if (!fields[0]?.startsWith("@") && fields.length !== 5 && fields.length !== 6)
    return {
      field: "cron",
      message: `has ${fields.length} field${fields.length === 1 ? "" : "s"}; a cron expression has 5 (minute hour day month weekday) or 6 (second first)`,
    };
  let c: Cron;
  try {
    c = compile({ cron, timezone });
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    return { field: "cron", message: text.replace(/^CronPattern: /, "").replace(/^CronDate: /, "") };
  }
  if (c.nextRun(new Date()) === null)
    return { field: "cron", message: `"${cron}" never fires (no date matches every field)` };
  return undefined;
}

/** The next `count` fire times strictly after `afterMs` (epoch ms, whole seconds). */
export function nextFireTimes(s: Schedule, afterMs: number, count: number): number[] {
  return compile(s)
    .nextRuns(count, new Date(afterMs))
    .map((d) => d.getTime());
}

/** The first fire time strictly after `afterMs`, or undefined when the schedule never fires again. */
export function nextFireTime(s: Schedule, afterMs: number): number | undefined {
  return compile(s).nextRun(new Date(afterMs))?.getTime();
}

/**
 * Fire times in `[fromMs, untilMs]`, oldest first, at most `max` of them: when there are more, the
 * latest `max` (with `more` set: older ones were left out, their count unknown without walking them).
 */
export function fireTimesBetween(
  s: Schedule,
  fromMs: number,
  untilMs: number,
  max: number,
): { times: number[]; more: boolean } {
  if (untilMs < fromMs) return { times: [], more: false };
  const c = compile(s);
  // On time (the usual case) one fire is due: walking forward from the start costs two steps. croner's
  // steps cost 0.1–0.3 ms each, and 100 schedules firing together pay them one after another.
  const times: number[] = [];
  for (let cursor = new Date(fromMs - 1); times.length <= max;) {
    const d = c.nextRun(cursor);
    if (!d || d.getTime() > untilMs) return { times, more: false };
    times.push(d.getTime());
    cursor = d;
  }
  // More than `max` (a long downtime): newest first from the end, so the gap costs `max` steps, not one
  // per missed fire.
  const newest = c.previousRuns(max + 1, new Date(untilMs + 1)).map((d) => d.getTime());
  const inRange = newest.filter((t) => t >= fromMs && t <= untilMs);
  const more = inRange.length > max;
  return { times: inRange.slice(0, max).reverse(), more };
}
