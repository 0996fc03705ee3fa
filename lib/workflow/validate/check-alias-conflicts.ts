/**
 * A node that writes an approval setting under both its name and its old name (`forbid_self_approval`
 * and `allow_self_approval`; on a node that waits for a person `timeout_s` and `approval_timeout_s`) with
 * values that disagree: reading one of them is a guess, so say which one is used (WF098). Looks at the
 * input before `normalizeTemplate` folds the old names away.
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { normalizeNodeType, waitsForPerson } from "@/lib/workflow/model/normalize-template";
import { wfIssue } from "@/lib/workflow/model/wf-issue-codes";
import { isRecord } from "./model-view";
import { endsSlice, type Sliced } from "@/lib/workflow/slices/sliced";

export function* checkAliasConflicts(raw: unknown): Sliced<Diagnostic[]> {
  const nodes: unknown[] = isRecord(raw) && Array.isArray(raw.nodes) ? raw.nodes : [];
  const out: Diagnostic[] = [];
  for (let index = 0; index < nodes.length; index++) {
    if (endsSlice(index)) yield;
    const node = nodes[index];
    if (!isRecord(node) || typeof node.id !== "string") continue;
    const at = (field: string) => ({ nodeId: node.id as string, path: `nodes[${index}].${field}`, field });
    if (node.allow_self_approval === true && node.forbid_self_approval === true)
      out.push(
        wfIssue(
          "WF098",
          at("allow_self_approval"),
          node.id,
          "forbid_self_approval",
          "allow_self_approval",
          "forbid_self_approval: true",
        ),
      );
    // Whether it waits for a person is asked last: only a node with both fields can conflict.
    if (
      node.timeout_s !== undefined &&
      node.approval_timeout_s !== undefined &&
      node.timeout_s !== node.approval_timeout_s &&
      waitsForPerson({ ...node, type: normalizeNodeType(node.type, node.executor) })
    )
      out.push(
        wfIssue(
          "WF098",
          at("approval_timeout_s"),
          node.id,
          "timeout_s",
          "approval_timeout_s",
          `timeout_s: ${String(node.timeout_s)}`,
        ),
      );
  }
  return out;
}
