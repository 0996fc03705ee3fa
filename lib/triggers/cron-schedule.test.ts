/** Fire times across daylight-saving changes in two zones, field counts, and bad input named by field. */
import { describe, expect, it } from "vitest";
import { fireTimesBetween, nextFireTime, nextFireTimes, scheduleProblem } from "./cron-schedule";

const iso = (ms: number[]) => ms.map((t) => new Date(t).toISOString());
const at = (s: string) => Date.parse(s);

describe("fire times across daylight-saving changes", () => {
  // Europe/Berlin: 2026-03-29 02:00 CET → 03:00 CEST (02:xx does not exist); 2026-10-25 03:00 CEST → 02:00 CET (02:xx twice).
  it("Europe/Berlin, spring forward: a fixed time in the gap fires once at the first valid time after it", () => {
    const s = { cron: "30 2 * * *", timezone: "Europe/Berlin" };
    expect(iso(nextFireTimes(s, at("2026-03-27T12:00:00Z"), 3))).toEqual([
      "2026-03-28T01:30:00.000Z", // 02:30 CET
      "2026-03-29T01:00:00.000Z", // 03:00 CEST: 02:30 does not exist that night
      "2026-03-30T00:30:00.000Z", // 02:30 CEST
    ]);
  });

  it("Europe/Berlin, spring forward: an interval schedule skips the times the gap removes", () => {
    const s = { cron: "*/30 * * * *", timezone: "Europe/Berlin" };
    expect(iso(nextFireTimes(s, at("2026-03-29T00:00:00Z"), 3))).toEqual([
      "2026-03-29T00:30:00.000Z", // 01:30 CET
      "2026-03-29T01:00:00.000Z", // 03:00 CEST (02:00 and 02:30 never happen)
      "2026-03-29T01:30:00.000Z", // 03:30 CEST
    ]);
  });

  it("Europe/Berlin, fall back: a fixed time in the repeated hour fires once, an interval at both occurrences", () => {
    expect(
      iso(nextFireTimes({ cron: "30 2 * * *", timezone: "Europe/Berlin" }, at("2026-10-24T12:00:00Z"), 2)),
    ).toEqual(["2026-10-25T00:30:00.000Z", "2026-10-26T01:30:00.000Z"]);
    expect(
      iso(nextFireTimes({ cron: "*/30 * * * *", timezone: "Europe/Berlin" }, at("2026-10-24T23:45:00Z"), 4)),
    ).toEqual([
      "2026-10-25T00:00:00.000Z", // 02:00 CEST
      "2026-10-25T00:30:00.000Z", // 02:30 CEST
      "2026-10-25T01:00:00.000Z", // 02:00 CET, the second time
      "2026-10-25T01:30:00.000Z", // 02:30 CET, the second time
    ]);
  });

  // America/New_York: 2026-03-08 02:00 EST → 03:00 EDT; 2026-11-01 02:00 EDT → 01:00 EST (01:xx twice).
  it("America/New_York, spring forward and fall back", () => {
    expect(
      iso(nextFireTimes({ cron: "30 2 * * *", timezone: "America/New_York" }, at("2026-03-07T12:00:00Z"), 2)),
    ).toEqual(["2026-03-08T07:00:00.000Z", "2026-03-09T06:30:00.000Z"]); // 03:00 EDT, then 02:30 EDT
    expect(
      iso(nextFireTimes({ cron: "30 1 * * *", timezone: "America/New_York" }, at("2026-10-31T12:00:00Z"), 2)),
    ).toEqual(["2026-11-01T05:30:00.000Z", "2026-11-02T06:30:00.000Z"]); // 01:30 EDT once, then 01:30 EST
    expect(
      iso(nextFireTimes({ cron: "15 * * * *", timezone: "America/New_York" }, at("2026-11-01T04:30:00Z"), 3)),
    ).toEqual(["2026-11-01T05:15:00.000Z", "2026-11-01T06:15:00.000Z", "2026-11-01T07:15:00.000Z"]); // 01:15 twice, 02:15
  });

  it("the same wall-clock schedule in two zones fires at different instants", () => {
    const after = at("2026-06-01T00:00:00Z");
    expect(nextFireTime({ cron: "0 9 * * *", timezone: "Europe/Berlin" }, after)).toBe(at("2026-06-01T07:00:00Z"));
    expect(nextFireTime({ cron: "0 9 * * *", timezone: "America/New_York" }, after)).toBe(at("2026-06-01T13:00:00Z"));
  });
});

describe("fields and ranges", () => {
  it("5 fields have minute precision, 6 fields start with seconds; times are strictly after", () => {
    expect(iso(nextFireTimes({ cron: "*/2 * * * * *", timezone: "UTC" }, at("2026-01-01T00:00:02Z"), 2))).toEqual([
      "2026-01-01T00:00:04.000Z",
      "2026-01-01T00:00:06.000Z",
    ]);
    expect(iso(nextFireTimes({ cron: "* * * * *", timezone: "UTC" }, at("2026-01-01T00:00:30Z"), 1))).toEqual([
      "2026-01-01T00:01:00.000Z",
    ]);
    expect(nextFireTime({ cron: "@hourly", timezone: "UTC" }, at("2026-01-01T00:30:00Z"))).toBe(
      at("2026-01-01T01:00:00Z"),
    );
  });

  it("fireTimesBetween includes both ends and keeps the latest when there are more than max", () => {
    const s = { cron: "*/2 * * * * *", timezone: "UTC" };
    expect(iso(fireTimesBetween(s, at("2026-01-01T00:00:02Z"), at("2026-01-01T00:00:06Z"), 10).times)).toEqual([
      "2026-01-01T00:00:02.000Z",
      "2026-01-01T00:00:04.000Z",
      "2026-01-01T00:00:06.000Z",
    ]);
    const capped = fireTimesBetween(s, at("2026-01-01T00:00:00Z"), at("2026-01-01T01:00:00Z"), 3);
    expect(capped.more).toBe(true);
    expect(iso(capped.times)).toEqual([
      "2026-01-01T00:59:56.000Z",
      "2026-01-01T00:59:58.000Z",
      "2026-01-01T01:00:00.000Z",
    ]);
    expect(fireTimesBetween(s, at("2026-01-01T00:00:05Z"), at("2026-01-01T00:00:04Z"), 3)).toEqual({
      times: [],
      more: false,
    });
  });

  it("fireTimesBetween: exactly max fires are all listed (walked forward), max + 1 keep the latest max", () => {
    const s = { cron: "0 * * * *", timezone: "Europe/Berlin" };
    const three = fireTimesBetween(s, at("2026-03-29T00:00:00Z"), at("2026-03-29T02:00:00Z"), 3);
    expect(three).toEqual({
      times: [at("2026-03-29T00:00:00Z"), at("2026-03-29T01:00:00Z"), at("2026-03-29T02:00:00Z")],
      more: false,
    });
    const four = fireTimesBetween(s, at("2026-03-29T00:00:00Z"), at("2026-03-29T03:00:00Z"), 3);
    expect(four.more).toBe(true);
    expect(iso(four.times)).toEqual([
      "2026-03-29T01:00:00.000Z",
      "2026-03-29T02:00:00.000Z",
      "2026-03-29T03:00:00.000Z",
    ]);
    // A start between fire times: the first one after it.
    expect(iso(fireTimesBetween(s, at("2026-03-29T00:00:00.500Z"), at("2026-03-29T01:30:00Z"), 3).times)).toEqual([
      "2026-03-29T01:00:00.000Z",
    ]);
  });
});

describe("bad schedules name the field", () => {
  it.each([
    ["* * *", "cron", /has 3 fields/],
    ["* * * * * * *", "cron", /has 7 fields/],
    ["61 * * * *", "cron", /minute: 61/],
    ["0 0 30 2 *", "cron", /never fires/],
    ["every day", "cron", /field/],
  ])("%s", (cron, field, message) => {
    const p = scheduleProblem(cron, "UTC");
    expect(p?.field).toBe(field);
    expect(p?.message).toMatch(message);
  });

  it("an unknown zone or an offset is not an IANA name", () => {
    for (const tz of ["Mars/Olympus", "+02:00", "", "Europe/Berlin; drop"])
      expect(scheduleProblem("* * * * *", tz)).toMatchObject({ field: "timezone", message: /IANA/ });
    expect(scheduleProblem("0 9 * * 1-5", "Europe/Berlin")).toBeUndefined();
  });
});
