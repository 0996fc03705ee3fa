import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { RunInputError } from "@/server/engine/engine-errors";
import { rethrowApiError } from "./api-errors";

function mapped(err: unknown): TRPCError {
  try {
    rethrowApiError(err);
  } catch (e) {
    return e as TRPCError;
  }
  throw new Error("rethrowApiError returned");
}

describe("rethrowApiError", () => {
  it("maps engine errors to typed tRPC errors", () => {
    const e = mapped(new RunInputError([{ severity: "error", code: "RUN006", message: "required variable" }]));
    expect(e.code).toBe("BAD_REQUEST");
  });

  it("recognises an error from another bundle's copy of the class (same name, different constructor)", () => {
    // What Next does: instrumentation and route handlers each bundle their own RunInputError.
    class RunInputErrorCopy extends Error {
      diagnostics = [{ severity: "error" as const, code: "RUN006", message: "x" }];
      constructor() {
        super("required variable");
        this.name = "RunInputError";
      }
    }
    expect(mapped(new RunInputErrorCopy()).code).toBe("BAD_REQUEST");
    const notFound = Object.assign(new Error("no run"), { name: "RunNotFoundError" });
    expect(mapped(notFound).code).toBe("NOT_FOUND");
  });

  it("passes unknown errors through unchanged", () => {
    const boom = new Error("boom");
    expect(mapped(boom)).toBe(boom);
  });
});
