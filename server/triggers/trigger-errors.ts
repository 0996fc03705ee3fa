/** Errors of the trigger procedures, matched by name by the API (one copy of the class per bundle). */
import type { FieldProblem } from "@/lib/triggers/check-trigger-variables";

export class TriggerNotFoundError extends Error {
  constructor(readonly triggerId: string) {
    super(`no trigger ${triggerId}`);
    this.name = "TriggerNotFoundError";
  }
}

/** Input the trigger cannot take: each problem names its field (`variables.branch`, `cron`, `auth`). */
export class TriggerInputError extends Error {
  constructor(readonly problems: FieldProblem[]) {
    super(problems.map((p) => `${p.field}: ${p.message}`).join("; "));
    this.name = "TriggerInputError";
  }
}
