/** A stored run as either store reads it back: its run row, its spec row (template and plan) and its node rows. */
import { parseTemplate } from "@/lib/workflow/model/parse-template";
import { RunPlanSchema } from "@/lib/workflow/run/run-plan";
import { startedByOf } from "@/server/db/run-queries";
import type { NodeRunRow, RunRow } from "@/server/db/schema";
import type { StoredRun } from "./run-store";
import { runStateFromRows } from "./run-state-rows";
import { unpackSpecText } from "./run-spec-text";

/** A run's stored template and plan (its `run_specs` row, either form: `run-spec-text.ts`), read back and checked. */
export function parseRunSpec(runId: string, spec: { templateJson: string; planJson: string }) {
  const parsed = parseTemplate(JSON.parse(unpackSpecText(spec.templateJson)));
  if (!parsed.ok) throw new Error(`run ${runId}: stored template no longer parses`);
  return { template: parsed.template, plan: RunPlanSchema.parse(JSON.parse(unpackSpecText(spec.planJson))) };
}

/** `spec` is the run's `run_specs` row; a run stored before those existed keeps template and plan on its row. */
export function storedRunFromRows(
  runId: string,
  row: RunRow,
  spec: { templateJson: string; planJson: string } | undefined,
  nodes: NodeRunRow[],
): StoredRun {
  const { template, plan } = parseRunSpec(runId, spec ?? row);
  const { templateJson: _t, planJson: _p, variables: _v, state: _s, workspace: _w, ...lite } = row;
  const { state, unwritten } = runStateFromRows(plan, row, nodes);
  return {
    runId,
    row: lite,
    template,
    plan,
    state,
    unwritten,
    workspace: row.workspace,
    name: row.name,
    lastEventId: row.lastEventId,
    createdAt: row.createdAt,
    templatePk: row.templatePk,
    templateVersion: row.templateVersion,
    startedBy: startedByOf(row) ?? null,
    parent: row.parentRunId && row.parentNodeId ? { runId: row.parentRunId, nodeId: row.parentNodeId } : null,
  };
}
