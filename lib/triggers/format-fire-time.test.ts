import { describe, expect, it } from "vitest";
import { formatFireTime } from "./format-fire-time";

describe("formatFireTime", () => {
  it("reads the time in the schedule's zone, summer and winter", () => {
    expect(formatFireTime("2026-03-30T07:00:00.000Z", "Europe/Berlin")).toBe("Mon, 30 Mar 2026, 09:00 (Europe/Berlin)");
    expect(formatFireTime("2026-01-05T08:00:00.000Z", "Europe/Berlin")).toBe("Mon, 5 Jan 2026, 09:00 (Europe/Berlin)");
    expect(formatFireTime("2026-01-05T08:00:05.000Z", "UTC")).toBe("Mon, 5 Jan 2026, 08:00:05 (UTC)");
  });
});
