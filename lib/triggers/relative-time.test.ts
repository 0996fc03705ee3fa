import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

describe("relativeTime", () => {
  const now = Date.UTC(2026, 2, 29, 9, 0, 0);
  it("says the largest whole unit, ahead and behind", () => {
    expect(relativeTime(now + 45_000, now)).toBe("in 45 seconds");
    expect(relativeTime(now + 3 * 60_000 + 10_000, now)).toBe("in 3 minutes");
    expect(relativeTime(now + 2 * 3_600_000, now)).toBe("in 2 hours");
    expect(relativeTime(now + 86_400_000, now)).toBe("tomorrow");
    expect(relativeTime(now + 3 * 86_400_000, now)).toBe("in 3 days");
    expect(relativeTime(now - 5_000, now)).toBe("5 seconds ago");
  });
  it("says now under a second away", () => {
    expect(relativeTime(now + 400, now)).toBe("now");
    expect(relativeTime(now - 999, now)).toBe("now");
  });
});
