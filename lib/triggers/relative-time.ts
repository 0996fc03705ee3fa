/** How far a time is from now, as a person says it: `in 45 seconds`, `in 3 minutes`, `2 hours ago`, `now`. */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
  ["second", 1000],
];

const format = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

export function relativeTime(atMs: number, nowMs: number): string {
  const delta = atMs - nowMs;
  if (Math.abs(delta) < 1000) return "now";
  for (const [unit, ms] of UNITS)
    if (Math.abs(delta) >= ms || unit === "second") return format.format(Math.trunc(delta / ms), unit);
  return "now";
}
