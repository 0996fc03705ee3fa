import { describe, expect, it } from "vitest";
import { soonestFires } from "./soonest-fires";

describe("soonestFires", () => {
  it("interleaves the schedules' fires, earliest first, up to the count", () => {
    const a = { id: "trg_a", nextFires: ["2026-03-29T09:00:00.000Z", "2026-03-29T10:00:00.000Z"] };
    const b = { id: "trg_b", nextFires: ["2026-03-29T09:30:00.000Z", "2026-03-29T09:00:00.000Z"] };
    const c = { id: "trg_c" };
    const got = soonestFires([a, b, c], 3).map((f) => `${f.trigger.id} ${f.at.slice(11, 16)}`);
    expect(got).toEqual(["trg_a 09:00", "trg_b 09:00", "trg_b 09:30"]);
  });
  it("answers nothing for no schedules", () => {
    expect(soonestFires([], 5)).toEqual([]);
  });
});
