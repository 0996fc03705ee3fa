/**
 * A cron expression as a sentence a person reads ("Every 2 seconds", "At 09:00, Monday to Friday
 * (Europe/Berlin)"). Common shapes get their own words; anything else is spelled field by field,
 * and a field with croner's extensions (L, W, #) falls back to quoting the expression.
 */
import { normalizeCron } from "./cron-schedule";

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const DAY_NAMES = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"];
const MONTH_NAMES = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

/** One field: any value, a step over all values, or a list of single values and ranges. */
type Field =
  | { kind: "any" }
  | { kind: "step"; every: number; from?: number; to?: number }
  | { kind: "list"; parts: { from: number; to: number }[] };

function value(text: string, names: readonly string[], base: number): number | undefined {
  const named = names.indexOf(text.toUpperCase());
  if (named >= 0) return named + base;
  return /^\d{1,2}$/.test(text) ? Number(text) : undefined;
}

function parseField(text: string, names: readonly string[] = [], base = 0): Field | undefined {
  if (text === "*" || text === "?") return { kind: "any" };
  const step = /^(\*|(\w+)-(\w+))\/(\d+)$/.exec(text);
  if (step) {
    const every = Number(step[4]);
    if (step[1] === "*") return { kind: "step", every };
    const from = value(step[2]!, names, base);
    const to = value(step[3]!, names, base);
    return from === undefined || to === undefined ? undefined : { kind: "step", every, from, to };
  }
  const parts: { from: number; to: number }[] = [];
  for (const piece of text.split(",")) {
    const [a, b] = piece.split("-");
    const from = value(a!, names, base);
    const to = b === undefined ? from : value(b, names, base);
    if (from === undefined || to === undefined) return undefined;
    parts.push({ from, to });
  }
  return { kind: "list", parts };
}

function singles(f: Field): number[] | undefined {
  if (f.kind !== "list" || f.parts.some((p) => p.from !== p.to)) return undefined;
  return f.parts.map((p) => p.from);
}

function joinWords(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

const two = (n: number) => String(n).padStart(2, "0");

function clock(h: number, m: number, s: number): string {
  return s ? `${two(h)}:${two(m)}:${two(s)}` : `${two(h)}:${two(m)}`;
}

function listText(f: Field, name: (n: number) => string): string {
  if (f.kind === "any") return "";
  if (f.kind === "step")
    return f.from === undefined ? `every ${f.every}` : `every ${f.every} from ${name(f.from)} to ${name(f.to!)}`;
  return joinWords(f.parts.map((p) => (p.from === p.to ? name(p.from) : `${name(p.from)} to ${name(p.to)}`)));
}

function plural(n: number, unit: string): string {
  return n === 1 ? `every ${unit}` : `every ${n} ${unit}s`;
}

/** The time-of-day part: "Every 2 seconds", "At 09:00 and 17:30", "At minute 15 of every hour", … */
function timeText(sec: Field, min: Field, hour: Field): string {
  const s = singles(sec);
  const zeroSec = s?.length === 1 ? s[0]! : undefined;
  const anyHour = hour.kind === "any";
  if (sec.kind === "any" && min.kind === "any" && anyHour) return "Every second";
  if (sec.kind === "step" && sec.from === undefined && min.kind === "any" && anyHour)
    return capital(plural(sec.every, "second"));
  if (zeroSec !== undefined) {
    const after = zeroSec ? ` at second ${zeroSec}` : "";
    if (min.kind === "any" && anyHour) return `Every minute${after}`;
    if (min.kind === "step" && min.from === undefined && anyHour)
      return `${capital(plural(min.every, "minute"))}${after}`;
    const m = singles(min);
    const h = singles(hour);
    if (m && h && m.length * h.length <= 6)
      return `At ${joinWords(h.flatMap((hh) => m.map((mm) => clock(hh, mm, zeroSec))))}`;
    if (m?.length === 1 && anyHour) return `At minute ${m[0]} of every hour${after}`;
    if (m?.length === 1 && hour.kind === "step" && hour.from === undefined)
      return `At minute ${m[0]} of ${plural(hour.every, "hour")}${after}`;
  }
  const parts = [
    sec.kind === "any" ? "every second" : `second ${listText(sec, String)}`,
    min.kind === "any" ? "every minute" : `minute ${listText(min, String)}`,
    anyHour ? "every hour" : `hour ${listText(hour, String)}`,
  ];
  return `At ${parts.join(", ")}`;
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function dayText(dom: Field, dow: Field): string {
  const weekday = (n: number) => DAYS[n % 7]!;
  const onWeekdays = dow.kind === "any" ? "" : listText(dow, weekday);
  const onDates = dom.kind === "any" ? "" : `on day ${listText(dom, String)} of the month`;
  // croner's rule (as Vixie cron's): when both are restricted, either one matching is enough.
  if (onWeekdays && onDates) return `${onDates} or on ${onWeekdays}`;
  return onDates || (onWeekdays ? `on ${onWeekdays}` : "");
}

/** The sentence for `cron` in `timezone`; never throws (an expression it cannot read is quoted). */
export function describeCron(cron: string, timezone: string): string {
  const fields = normalizeCron(cron).split(" ");
  if (fields.length === 5) fields.unshift("0");
  const [sec, min, hour, dom, month, dow] = [
    parseField(fields[0] ?? ""),
    parseField(fields[1] ?? ""),
    parseField(fields[2] ?? ""),
    parseField(fields[3] ?? ""),
    parseField(fields[4] ?? "", MONTH_NAMES, 1),
    parseField(fields[5] ?? "", DAY_NAMES, 0),
  ];
  if (fields.length !== 6 || !sec || !min || !hour || !dom || !month || !dow)
    return `On the cron schedule "${cron.trim()}" (${timezone})`;
  const words = [timeText(sec, min, hour), dayText(dom, dow)];
  if (month.kind !== "any") words.push(`in ${listText(month, (n) => MONTHS[n - 1] ?? String(n))}`);
  return `${words.filter(Boolean).join(", ")} (${timezone})`;
}
