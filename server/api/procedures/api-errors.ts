/**
 * Domain errors (engine, template store, accounts, the run command relay) → typed tRPC errors: 400 with diagnostics,
 * 404, 409, 412, 429, 503 / 504.
 */
import { isPromise } from "@/server/engine/maybe-promise";
import { TRPCError } from "@trpc/server";
import { DiagnosticsError } from "@/server/api/procedures/trpc";
import type { TemplateStoreError } from "@/server/db/template-store";
import type {
  DecisionRefusedError,
  RerunNeedsConfirmationError,
  RunInputError,
  RunNotFoundError,
  RunStateInvalidError,
} from "@/server/engine/engine-errors";
import type { RunRelayError } from "@/server/runtime/run-command-relay";

/** Re-run refused: `data.details.finishedDownstream` lists the nodes a confirm would reset. */
class RerunConfirmError extends DiagnosticsError {
  readonly details: { finishedDownstream: string[] };
  constructor(err: RerunNeedsConfirmationError) {
    super(err.message, [{ severity: "error", code: err.code, message: err.message }], "PRECONDITION_FAILED");
    this.details = { finishedDownstream: err.finishedDownstream };
  }
}

/**
 * Matches by the error's `name`, not `instanceof`: Next bundles instrumentation (which creates the
 * engine at start) and route handlers separately, so each has its own copy of these classes.
 * (Names are string literals set in the constructors, so minification cannot change them.)
 */
function is<T extends Error>(err: unknown, name: string): err is T {
  return err instanceof Error && err.name === name;
}

/** server/auth's errors by name: each already says what was refused and why. */
const ACCOUNT_ERRORS = new Map<string, TRPCError["code"]>([
  ["UserExistsError", "CONFLICT"],
  ["SetupDoneError", "CONFLICT"],
  ["LastAdminError", "CONFLICT"],
  ["UserNotFoundError", "NOT_FOUND"],
  ["PasswordWorkBusyError", "TOO_MANY_REQUESTS"],
]);

export function rethrowApiError(err: unknown): never {
  if (is<RunInputError>(err, "RunInputError")) throw new DiagnosticsError(err.message, err.diagnostics);
  if (is<RerunNeedsConfirmationError>(err, "RerunNeedsConfirmationError")) throw new RerunConfirmError(err);
  if (is<RunNotFoundError>(err, "RunNotFoundError")) throw new TRPCError({ code: "NOT_FOUND", message: err.message });
  if (is<DecisionRefusedError>(err, "DecisionRefusedError"))
    throw new TRPCError({ code: "CONFLICT", message: err.message });
  if (is<RunStateInvalidError>(err, "RunStateInvalidError"))
    throw new DiagnosticsError(err.message, err.diagnostics, "PRECONDITION_FAILED");
  if (is<RunRelayError>(err, "RunRelayError"))
    throw new TRPCError({
      code: err.unanswered === "untaken" ? "SERVICE_UNAVAILABLE" : "GATEWAY_TIMEOUT",
      message: err.message,
    });
  const accountCode = err instanceof Error ? ACCOUNT_ERRORS.get(err.name) : undefined;
  if (accountCode) throw new TRPCError({ code: accountCode, message: (err as Error).message });
  if (is<TemplateStoreError>(err, "TemplateStoreError")) {
    if (err.kind === "not_found") throw new TRPCError({ code: "NOT_FOUND", message: err.message });
    if (err.kind === "conflict") throw new TRPCError({ code: "CONFLICT", message: err.message });
    throw new DiagnosticsError(err.message, err.diagnostics);
  }
  throw err;
}

/** Runs `fn`, mapping domain errors to typed API errors — thrown, or rejected when `fn` answers with a promise. */
export function withApiErrors<T>(fn: () => T): T {
  try {
    const out = fn();
    return isPromise(out) ? (out.catch(rethrowApiError) as T) : out;
  } catch (err) {
    rethrowApiError(err);
  }
}
