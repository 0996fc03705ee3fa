import { describe, expect, it } from "vitest";
import { pgVersionProblem } from "./pg-version";

describe("pgVersionProblem", () => {
  it("accepts PostgreSQL 12 and newer", () => {
    expect(pgVersionProblem(120000, "12.0")).toBeUndefined();
    expect(pgVersionProblem(150018, "15.18")).toBeUndefined();
  });
  it("refuses an older server, naming its version and what to do", () => {
    expect(pgVersionProblem(110022, "11.22")).toBe(
      "the server runs PostgreSQL 11.22; Wf Composer needs PostgreSQL 12 or newer (its job queue does): upgrade the server",
    );
  });
});
