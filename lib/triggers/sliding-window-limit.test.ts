/** 60 calls a minute per key, sliding. */
import { describe, expect, it } from "vitest";
import { SlidingWindowLimit } from "./sliding-window-limit";

describe("SlidingWindowLimit", () => {
  it("lets `limit` calls through per window and key, then says when the next one may come", () => {
    const l = new SlidingWindowLimit(3, 60_000);
    for (const t of [0, 10, 20]) expect(l.take("a", t)).toEqual({ ok: true });
    expect(l.take("a", 30)).toEqual({ ok: false, retryAfterMs: 59_970 });
    expect(l.take("b", 30)).toEqual({ ok: true });
    expect(l.take("a", 60_000)).toEqual({ ok: true });
    expect(l.take("a", 60_001)).toEqual({ ok: false, retryAfterMs: 9 });
  });
});
