/**
 * How a node's fields shape the approvals it opens, read under both names (the contract's and the
 * product's older aliases), so a template built in memory without `normalizeTemplate` reads the same.
 */
import { waitsForPerson } from "./normalize-template";
import type { WorkflowNode } from "./template-schema";

/**
 * Seconds an approval of this node stays open: on a node that waits for a person its `timeout_s`
 * (alias `approval_timeout_s`); on a node that does its own work, where `timeout_s` bounds the work,
 * `approval_timeout_s` times the approval a human check opens.
 */
export function approvalTimeoutS(node: WorkflowNode): number | undefined {
  if (waitsForPerson(node)) return node.timeout_s ?? node.approval_timeout_s;
  return node.approval_timeout_s;
}

/** Whether the person who started the run may not decide this node's approvals (default: they may). */
export function forbidsSelfApproval(node: WorkflowNode): boolean {
  return node.forbid_self_approval === true || node.allow_self_approval === false;
}
