/**
 * The progress lines and final summary of docs/engine.md ("Progress lines"), from run events and the run state. Pure; the CLI prints them on stderr.
 */
import type { RunEvent } from "./run-events";
import type { RunSpec } from "./run-spec";
import type { RunState } from "./run-state";

const RULE = "═══════════════════════════════════════";

/** Phase shown for nodes without one (the playbook export's default phase too). */
const DEFAULT_PHASE = "main";

/** A task's name as the summary lists it (an iteration says which). */
function taskName(spec: RunSpec, nodeId: string): string {
  const planned = spec.plan.nodes[nodeId];
  const name = spec.defs.get(nodeId)?.name || nodeId;
  return planned?.iteration !== undefined ? `${name} (iteration ${planned.iteration})` : name;
}

/** `[phase] name`, the progress-line prefix. */
function label(spec: RunSpec, nodeId: string): string {
  return `[${spec.plan.nodes[nodeId]?.phase ?? DEFAULT_PHASE}] ${taskName(spec, nodeId)}`;
}

/** The line(s) an event prints, or none. `state` is the state after the event. */
export function formatProgressLine(spec: RunSpec, state: RunState, event: RunEvent): string[] {
  if (!("nodeId" in event) || !spec.plan.nodes[event.nodeId]) return [];
  const what = label(spec, event.nodeId);
  const name = spec.defs.get(event.nodeId)?.name || event.nodeId;
  switch (event.type) {
    case "node.started":
      return [`▶ ${what}`];
    case "node.succeeded":
      return spec.plan.nodes[event.nodeId].type === "gate" ? [] : [`✅ ${what} — done`];
    case "gate.routed":
      return [`✅ ${what} — done (value "${event.decision.value}" → ${event.decision.label ?? "?"})`];
    case "node.skipped":
      if (event.reason === "dependency") {
        const dep = event.cause && spec.plan.nodes[event.cause] ? taskName(spec, event.cause) : event.cause;
        return [`⚠️ ${name} skipped — dependency ${dep} was skipped.`];
      }
      if (event.reason === "failed") return [`⚠️ ${name} failed — skipping.`];
      if (event.reason === "fallback-unused") return [];
      return [`⚠️ ${what} — skipped`];
    case "node.failed": {
      const now = state.nodes[event.nodeId];
      if (now.status === "pending" || now.status === "ready")
        return [`↻ ${what} — attempt failed: ${event.error}; retrying`];
      if (now.status === "failed") return [`❌ ${what} — FAILED: ${event.error}`];
      return [];
    }
    case "approval.requested":
      return [
        `--- 🙋 ${event.request.kind === "gate" ? "Choose a branch" : "Human task"}: ${name} ---`,
        ...(event.request.prompt ? [event.request.prompt] : []),
        ...(event.request.options?.length ? [`options: ${event.request.options.join(", ")}`] : []),
      ];
    case "decision.given":
      return ["--- ✅ Human task complete ---"];
    default:
      return [];
  }
}

function unusedFallbacks(spec: RunSpec, state: RunState): number {
  return spec.plan.order.filter((id) => state.nodes[id].skipReason === "fallback-unused").length;
}

/** The final summary block (plus a waiting line when a person must act). */
export function formatRunSummary(spec: RunSpec, state: RunState, title: string): string {
  const by = (pred: (s: string) => boolean) => spec.plan.order.filter((id) => pred(state.nodes[id].status));
  const names = (ids: string[]) => ids.map((id) => taskName(spec, id)).join(", ");
  const done = by((s) => s === "done");
  const skipped = spec.plan.order.filter(
    (id) => state.nodes[id].status === "skipped" && state.nodes[id].skipReason !== "fallback-unused",
  );
  const failed = by((s) => s === "failed");
  const waiting = by((s) => s === "waiting");
  const lines = [
    RULE,
    `📋 Playbook run complete: ${title}`,
    RULE,
    `✅ Completed  (${done.length}): ${names(done)}`,
    `⚠️ Skipped    (${skipped.length}): ${names(skipped)}`,
    `❌ Failed     (${failed.length}): ${failed.map((id) => `${taskName(spec, id)} — ${state.nodes[id].error ?? "failed"}`).join("; ")}`,
  ];
  if (waiting.length) lines.push(`🙋 Waiting    (${waiting.length}): ${names(waiting)}`);
  // A cancelled or crashed run also says what it stopped and what never ran (the three standard lines
  // only cover a run that reached its end).
  const cancelled = by((s) => s === "cancelled");
  const notRun = by((s) => s === "pending" || s === "ready" || s === "running" || s === "interrupted");
  if (cancelled.length) lines.push(`⏹️ Cancelled  (${cancelled.length}): ${names(cancelled)}`);
  if (notRun.length) lines.push(`⏸️ Not run    (${notRun.length}): ${names(notRun)}`);
  lines.push(RULE);
  // Only when every task completed: a skipped task is not a success.
  if (state.status === "succeeded" && done.length === spec.plan.order.length - unusedFallbacks(spec, state))
    lines.push("🎉 All tasks completed successfully.");
  return lines.join("\n");
}
