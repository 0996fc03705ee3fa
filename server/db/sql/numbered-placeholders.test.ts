import { describe, expect, it } from "vitest";
import { numberedPlaceholders } from "./numbered-placeholders";

describe("numberedPlaceholders", () => {
  it("numbers ? in order and leaves quoted ones alone", () => {
    expect(numberedPlaceholders("select * from t where a = ? and b in (?, ?)")).toBe(
      "select * from t where a = $1 and b in ($2, $3)",
    );
    expect(numberedPlaceholders(`select '?', 'it''s ?', "a?b" from t where c = ?`)).toBe(
      `select '?', 'it''s ?', "a?b" from t where c = $1`,
    );
  });
});
