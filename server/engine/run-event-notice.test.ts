import { describe, expect, it } from "vitest";
import { formatNotice, parseNotice } from "./run-event-notice";

describe("run event notices", () => {
  it("read back what they say, a run id with colons included", () => {
    for (const n of [
      { busId: "ab12", runId: "run_x", firstId: 1, lastId: 1 },
      { busId: "ab12", runId: "run:with:colons", firstId: 7, lastId: 900 },
    ])
      expect(parseNotice(formatNotice(n))).toEqual(n);
  });

  it("are ignored when they are not one of the bus's", () => {
    for (const p of [
      undefined,
      "",
      "hello",
      "ab:run_x:5",
      "ab:run_x:0:3",
      "ab:run_x:9:3",
      "ab:run_x:1:x",
      ":run_x:1:2",
    ])
      expect(parseNotice(p), String(p)).toBeUndefined();
  });
});
