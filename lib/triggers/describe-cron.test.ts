/** The person-readable sentence of common schedules, and a quote for what it cannot read. */
import { describe, expect, it } from "vitest";
import { describeCron } from "./describe-cron";

describe("describeCron", () => {
  it.each([
    ["*/2 * * * * *", "UTC", "Every 2 seconds (UTC)"],
    ["* * * * * *", "UTC", "Every second (UTC)"],
    ["* * * * *", "UTC", "Every minute (UTC)"],
    ["*/15 * * * *", "UTC", "Every 15 minutes (UTC)"],
    ["0 9 * * 1-5", "Europe/Berlin", "At 09:00, on Monday to Friday (Europe/Berlin)"],
    ["30 8,17 * * *", "UTC", "At 08:30 and 17:30 (UTC)"],
    ["0 0 1 * *", "UTC", "At 00:00, on day 1 of the month (UTC)"],
    ["15 * * * *", "UTC", "At minute 15 of every hour (UTC)"],
    ["0 */6 * * *", "UTC", "At minute 0 of every 6 hours (UTC)"],
    ["0 12 * 1,7 SUN", "America/New_York", "At 12:00, on Sunday, in January and July (America/New_York)"],
    ["0 0 1 * MON", "UTC", "At 00:00, on day 1 of the month or on Monday (UTC)"],
    ["@daily", "UTC", "At 00:00 (UTC)"],
    ["10 30 9 * * *", "UTC", "At 09:30:10 (UTC)"],
    ["0 0-30/10 9-17 * * *", "UTC", "At second 0, minute every 10 from 0 to 30, hour 9 to 17 (UTC)"],
  ])("%s in %s", (cron, tz, sentence) => {
    expect(describeCron(cron, tz)).toBe(sentence);
  });

  it("an expression with croner's extensions is quoted, never misread", () => {
    expect(describeCron("0 0 L * *", "UTC")).toBe('On the cron schedule "0 0 L * *" (UTC)');
    expect(describeCron("0 0 * * 5#2", "UTC")).toBe('On the cron schedule "0 0 * * 5#2" (UTC)');
  });
});
