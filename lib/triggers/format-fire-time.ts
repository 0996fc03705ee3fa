/** A fire time as a person reads it in the schedule's own zone: `Mon, 30 Mar 2026, 09:00 (Europe/Berlin)`. */
export function formatFireTime(iso: string, timezone: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const text = new Intl.DateTimeFormat("en-GB", {
    timeZone: timezone,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    second: d.getUTCSeconds() ? "2-digit" : undefined,
    hourCycle: "h23",
  }).format(d);
  return `${text} (${timezone})`;
}
