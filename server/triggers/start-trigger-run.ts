/**
 * One run a trigger starts, through the engine like `run.start`: the creator must still be allowed, the
 * template's latest version is run with the trigger's variables, the run records `trigger: { id, kind }`
 * and acts as the creator. Nothing is stored when it cannot start; the answer says why.
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { newId } from "@/server/db/new-id";
import { creatorRefusal } from "./creator-refusal";
import type { TriggerContext } from "./trigger-context";
import type { TriggerListed } from "./trigger-store";

export type TriggerRunResult =
  | { ok: true; runId: string }
  | {
      ok: false;
      /**
       * `creator`: the creator may not; `template`: it is gone; `input`: the variables or the template are refused;
       * `unavailable`: no web server leads the runs at the moment (several servers: nothing was started).
       */
      why: "creator" | "template" | "input" | "unavailable";
      reason: string;
      diagnostics?: Diagnostic[];
    };

/** Matched by name: Next bundles the start hook and the route handlers with their own copies of the classes. */
function errorNamed(err: unknown, name: string): err is Error & { diagnostics?: Diagnostic[]; kind?: string } {
  return err instanceof Error && err.name === name;
}

export async function startTriggerRun(
  ctx: TriggerContext,
  t: TriggerListed,
  variables: Record<string, unknown>,
  runId = newId("run"),
): Promise<TriggerRunResult> {
  const refusal = await creatorRefusal(ctx.users, t.createdBy, ctx.apiTokenSet);
  if (refusal) return { ok: false, why: "creator", reason: `refused: ${refusal}` };
  let template;
  try {
    template = await ctx.library.get(t.templatePk);
  } catch (err) {
    if (errorNamed(err, "TemplateStoreError")) return { ok: false, why: "template", reason: err.message };
    throw err;
  }
  try {
    const { id, version, template: stored } = template;
    await ctx.engine.startRunGrouped({
      runId,
      template: stored,
      variables,
      refuseUndeclared: true,
      templatePk: id,
      templateVersion: version,
      startedBy: t.createdBy,
      trigger: { id: t.id, kind: t.kind },
    });
  } catch (err) {
    if (errorNamed(err, "RunInputError"))
      return { ok: false, why: "input", reason: err.message, diagnostics: err.diagnostics ?? [] };
    if (errorNamed(err, "RunRelayError") && (err as { unanswered?: string }).unanswered === "untaken")
      return { ok: false, why: "unavailable", reason: err.message };
    throw err;
  }
  await ctx.store.setLastRun(t.id, runId);
  return { ok: true, runId };
}
