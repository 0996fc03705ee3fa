/** Domain errors (engine, template store) → typed tRPC errors: 400 with diagnostics, 404, 409, 412. */
import { TRPCError } from "@trpc/server";
import { DiagnosticsError } from "@/server/api/trpc";
import { TemplateStoreError } from "@/server/db/template-store";
import {
  DecisionRefusedError,
  RerunNeedsConfirmationError,
  RunInputError,
  RunNotFoundError,
  RunStateInvalidError,
} from "@/server/engine/engine-errors";

/** Re-run refused: `data.details.finishedDownstream` lists the nodes a confirm would reset. */
class RerunConfirmError extends DiagnosticsError {
  readonly details: { finishedDownstream: string[] };
  constructor(err: RerunNeedsConfirmationError) {
    super(err.message, [{ severity: "error", code: err.code, message: err.message }], "PRECONDITION_FAILED");
    this.details = { finishedDownstream: err.finishedDownstream };
  }
}

export function rethrowApiError(err: unknown): never {
  if (err instanceof RunInputError) throw new DiagnosticsError(err.message, err.diagnostics);
  if (err instanceof RerunNeedsConfirmationError) throw new RerunConfirmError(err);
  if (err instanceof RunNotFoundError) throw new TRPCError({ code: "NOT_FOUND", message: err.message });
  if (err instanceof DecisionRefusedError) throw new TRPCError({ code: "CONFLICT", message: err.message });
  if (err instanceof RunStateInvalidError)
    throw new DiagnosticsError(err.message, err.diagnostics, "PRECONDITION_FAILED");
  if (err instanceof TemplateStoreError) {
    if (err.kind === "not_found") throw new TRPCError({ code: "NOT_FOUND", message: err.message });
    if (err.kind === "conflict") throw new TRPCError({ code: "CONFLICT", message: err.message });
    throw new DiagnosticsError(err.message, err.diagnostics);
  }
  throw err;
}

/** Runs `fn`, mapping domain errors to typed API errors. */
export function withApiErrors<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    rethrowApiError(err);
  }
}
