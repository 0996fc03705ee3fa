/** Errors the engine's callers handle (API → typed tRPC errors, CLI → exit codes). */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";

export class RunInputError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(diagnostics.map((d) => d.message).join("; "));
    this.name = "RunInputError";
  }
}

export class RunNotFoundError extends Error {
  constructor(readonly runId: string) {
    super(`no run with id ${runId}`);
    this.name = "RunNotFoundError";
  }
}

/** Re-running would make finished downstream nodes stale: the caller must confirm. */
export class RerunNeedsConfirmationError extends Error {
  readonly code = "RUN013";
  constructor(
    message: string,
    readonly finishedDownstream: string[],
  ) {
    super(message);
    this.name = "RerunNeedsConfirmationError";
  }
}

/** A decision the run cannot take (approval closed, unknown branch label). */
export class DecisionRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DecisionRefusedError";
  }
}

/** A stored run whose state fails validation: never resumed by guessing. */
export class RunStateInvalidError extends Error {
  constructor(
    readonly runId: string,
    readonly diagnostics: Diagnostic[],
  ) {
    super(`run ${runId}: ${diagnostics.map((d) => d.message).join("; ")}`);
    this.name = "RunStateInvalidError";
  }
}
