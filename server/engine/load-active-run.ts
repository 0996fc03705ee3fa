/**
 * A stored run brought back into memory (a decision, a cancel or a re-run of a run that left memory,
 * or recovery at start): its plan and state checked first (RUN018 when they do not fit), its secrets
 * read again — values are never stored with a run, and a secret deleted since stays unresolved.
 */
import { makeRunSpec } from "@/lib/workflow/run/run-spec";
import { validateRunState } from "@/lib/workflow/run/validate-run-state";
import { createActiveRun, type ActiveRun } from "./active-run";
import { RunNotFoundError, RunStateInvalidError } from "./engine-errors";
import { resolveRunSecrets, type SecretSource } from "./run-secrets";
import type { StoredRun } from "./run-store";
import { leaveUnwritten } from "./unwritten-node-rows";

/** The active run of what the store returned for `runId` (undefined: RunNotFoundError). */
export function activeRunFrom(
  stored: StoredRun | undefined,
  runId: string,
  perRunLimit: number,
  secretSource: SecretSource | undefined,
): ActiveRun {
  if (!stored) throw new RunNotFoundError(runId);
  const diagnostics = validateRunState(stored.plan, stored.state);
  if (diagnostics.length) throw new RunStateInvalidError(runId, diagnostics);
  const run = createActiveRun(makeRunSpec(stored.template, stored.plan), stored.state, stored.workspace, perRunLimit);
  const secrets = resolveRunSecrets(stored.template, secretSource);
  // A secret sealed under another key than this process's: the run cannot go on as it was started.
  const unreadable = secrets.diagnostics.find((d) => d.code === "RUN046");
  if (unreadable) throw new Error(unreadable.message);
  run.secrets = secrets.secrets;
  if (stored.startedBy) run.startedBy = stored.startedBy;
  if (stored.parent) run.parent = stored.parent;
  leaveUnwritten(run, stored.unwritten);
  return run;
}
