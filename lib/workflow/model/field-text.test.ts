import { describe, expect, it } from "vitest";
import { formatFieldValue, parseFieldText } from "./field-text";

describe("inspector field text", () => {
  it("refuses values of the wrong type with a message", () => {
    expect(parseFieldText("number", "abc")).toMatchObject({ ok: false });
    expect(parseFieldText("number", "-1")).toMatchObject({ ok: false });
    expect(parseFieldText("integer", "2.5")).toMatchObject({ ok: false });
    expect(parseFieldText("integer", "")).toMatchObject({ ok: false });
    expect(parseFieldText("retries", "x")).toMatchObject({ ok: false });
    expect(parseFieldText("onFail", "explode")).toMatchObject({ ok: false });
  });

  it("parses what it accepts; empty optional fields are removed", () => {
    expect(parseFieldText("number", " 30 ")).toEqual({ ok: true, value: 30 });
    expect(parseFieldText("number", "")).toEqual({ ok: true, value: undefined });
    expect(parseFieldText("integer", "3")).toEqual({ ok: true, value: 3 });
    expect(parseFieldText("onFail", "fallback:N-002")).toEqual({ ok: true, value: "fallback:N-002" });
    expect(parseFieldText("list", "a\n\n b \n")).toEqual({ ok: true, value: ["a", "b"] });
    expect(parseFieldText("code", "")).toEqual({ ok: true, value: "" });
  });

  it("keeps a retries object's backoff when the count changes", () => {
    expect(parseFieldText("retries", "2", { max: 1, backoff_ms: 500 })).toEqual({
      ok: true,
      value: { max: 2, backoff_ms: 500 },
    });
    expect(formatFieldValue("retries", { max: 1, backoff_ms: 500 })).toBe("1");
    expect(formatFieldValue("list", ["a", "b"])).toBe("a\nb");
  });
});
