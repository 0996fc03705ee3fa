/**
 * Variable names (docs/engine.md, "A node's environment"): a declared variable is handed to every node's processes under its
 * own name, so one named like an inherited variable or a loader / runtime switch (`PATH`,
 * `LD_PRELOAD`, `NODE_OPTIONS`, `BASH_ENV`, `IFS`, …) is refused (WF092).
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { isRecord } from "./model-view";
import { reservedEnvName } from "@/lib/workflow/shell/node-environment";
import { wfIssue } from "@/lib/workflow/model/wf-issue-codes";

export function checkVariableNames(_view: unknown, template: unknown): Diagnostic[] {
  const schema = isRecord(template) ? template.context_schema : undefined;
  if (!isRecord(schema)) return [];
  const out: Diagnostic[] = [];
  for (const name of Object.keys(schema)) {
    const why = reservedEnvName(name);
    if (why) out.push(wfIssue("WF092", { path: `context_schema.${name}`, field: name }, name, why));
  }
  return out;
}
