/**
 * What a failed attempt leads to (docs/engine.md, "Failure policies"):
 * 1. attempts left (`retries`, or once for `on_fail: retry`) → pending again, after the backoff;
 * 2. `skip` → skipped, and everything depending on it is skipped too;
 * 3. `fallback:<id>` → the fallback runs in its place, rules (a)–(d); its output stands in. A
 *    fallback that fails with a fallback of its own hands its role on (A → B → C: C's output
 *    stands in for A and B);
 * 4. otherwise (`abort`, exhausted `retry`) → failed; running nodes finish, nothing new starts.
 */
import { makeReady, releaseDependents } from "./propagate-readiness";
import { patchNode, type ReduceContext } from "./reduce-context";
import { RUN_CODES } from "./run-codes";
import { fallbackOf, maxRetries, retryBackoffMs } from "./run-spec";

export function applyFailurePolicy(ctx: ReduceContext, id: string, error: string): void {
  const { state, spec } = ctx;
  const def = spec.defs.get(id)!;
  const node = state.nodes[id];
  const base = { error, finishedAt: ctx.at, approvalId: undefined, request: undefined };

  // 1. Retry while attempts remain.
  if (node.attempts <= maxRetries(def) && !state.stopping) {
    const backoff = retryBackoffMs(def);
    if (backoff > 0) {
      patchNode(ctx, id, { ...base, status: "pending", retryAt: ctx.at + backoff });
      state.retrying++;
      ctx.commands.push({ type: "wake", nodeId: id, at: ctx.at + backoff });
    } else {
      patchNode(ctx, id, { ...base, status: "pending" });
      makeReady(ctx, id);
    }
    return;
  }
  // Rule (d): a failed fallback's own on_fail applies. The nodes it stood in for fail with it,
  // unless its own fallback takes the role over (then that one stands in for all of them).
  const holder = fallbackRoleHolder(ctx, id);
  const origins = state.nodes[holder].fallbackFor ? fallbackOrigins(ctx, holder) : [];
  const target = fallbackOf(def);
  if (target === undefined || node.fallback) failOrigins(ctx, origins, id);
  // 2. Skip and propagate.
  if (def.on_fail === "skip") {
    patchNode(ctx, id, { ...base, status: "skipped", skipReason: "failed" });
    ctx.events.push({ type: "node.skipped", at: ctx.at, nodeId: id, reason: "failed" });
    releaseDependents(ctx, id);
    return;
  }
  // 3. Fallback.
  if (target !== undefined && !node.fallback) {
    patchNode(ctx, id, { ...base, status: "failed" });
    startFallback(ctx, id, target, origins);
    return;
  }
  // 4. Stop.
  patchNode(ctx, id, { ...base, status: "failed" });
  stopRun(ctx, `${id}: ${error}`);
}

function failOrigins(ctx: ReduceContext, origins: readonly string[], failed: string): void {
  for (const origin of origins)
    patchNode(ctx, origin, { fallback: { to: failed, state: "failed" }, error: ctx.state.nodes[origin].error });
}

/** The planned node that carries `fallbackFor` for `id`: itself, or its loop's first iteration. */
export function fallbackRoleHolder(ctx: ReduceContext, id: string): string {
  const p = ctx.spec.plan.nodes[id];
  return p.iteration !== undefined ? ctx.spec.plan.loops[p.sourceId][0] : id;
}

/**
 * A loop target's progress as a fallback: finished (every iteration done or cut short by `until`)
 * with the last iteration's output, still going, or broken off. A plain node is its own status.
 */
function fallbackProgress(ctx: ReduceContext, target: string): "finished" | "going" | "broken" {
  const { state } = ctx;
  const iterations = ctx.spec.plan.loops[target];
  if (!iterations) return state.nodes[target].status === "done" ? "finished" : "going";
  const end = (i: string) => state.nodes[i].status === "done" || state.nodes[i].skipReason === "loop-until";
  if (iterations.every(end)) return "finished";
  const live = ["pending", "ready", "running", "waiting"];
  return iterations.some((i) => live.includes(state.nodes[i].status)) ? "going" : "broken";
}

/** The output a finished fallback stands in with (a loop's last completed iteration). */
function fallbackOutput(ctx: ReduceContext, target: string): string | undefined {
  const iterations = ctx.spec.plan.loops[target] ?? [target];
  for (let k = iterations.length - 1; k >= 0; k--) {
    const n = ctx.state.nodes[iterations[k]];
    if (n.status === "done") return n.output;
  }
  return undefined;
}

/** True when `id` finishing ends its fallback role: a plain node, or the iteration that ends its loop. */
export function endsFallbackRole(ctx: ReduceContext, id: string): boolean {
  const p = ctx.spec.plan.nodes[id];
  if (p.iteration === undefined) return true;
  const next = ctx.spec.plan.loops[p.sourceId][p.iteration];
  return next === undefined || ctx.state.nodes[next].status === "skipped";
}

/** The failed nodes whose fallback `fallbackId` is running for them right now. */
export function fallbackOrigins(ctx: ReduceContext, fallbackId: string): string[] {
  return ctx.spec.plan.order.filter((o) => {
    const fb = ctx.state.nodes[o].fallback;
    return fb?.to === fallbackId && fb.state === "running";
  });
}

export function stopRun(ctx: ReduceContext, error: string): void {
  const { state } = ctx;
  if (!state.stopping) state.error = error;
  state.stopping = true;
  // Nodes queued but not started go back to pending, retry timers are dropped: nothing new starts,
  // and the run does not wait for a backoff that can no longer lead anywhere.
  for (const id of ctx.spec.plan.order) {
    const n = state.nodes[id];
    if (n.status === "ready") patchNode(ctx, id, { status: "pending" });
    else if (n.retryAt !== undefined) {
      patchNode(ctx, id, { retryAt: undefined });
      state.retrying--;
    }
  }
  ctx.commands = ctx.commands.filter((c) => c.type !== "start");
}

/** The fallback target's planned id (a loop target enters at its first iteration). */
function plannedEntry(ctx: ReduceContext, target: string): string {
  return ctx.spec.plan.loops[target]?.[0] ?? target;
}

/**
 * Starts `target` as the fallback of `id` and of `origins` (the nodes `id` itself stood in for, when
 * a failed fallback hands its role on).
 */
function startFallback(ctx: ReduceContext, id: string, target: string, origins: readonly string[] = []): void {
  const { state } = ctx;
  const fb = plannedEntry(ctx, target);
  const f = state.nodes[fb];
  const rescued = [id, ...origins];
  // Already finished (in the normal flow or for another node): its output stands in at once
  // (rule c: it runs at most once in this role).
  const progress = f.status === "done" ? fallbackProgress(ctx, target) : undefined;
  if (progress === "finished") {
    const output = fallbackOutput(ctx, target);
    for (const r of rescued) {
      patchNode(ctx, r, { fallback: { to: fb, state: "done" }, output });
      releaseDependents(ctx, r);
    }
    return;
  }
  // Running now (a loop: its later iterations): it stands in when it finishes.
  if (f.status === "running" || f.status === "ready" || progress === "going") {
    for (const r of rescued) patchNode(ctx, r, { fallback: { to: fb, state: "running" } });
    patchNode(ctx, fb, { fallbackFor: f.fallbackFor ?? id });
    return;
  }
  const idle = f.status === "pending" || (f.status === "skipped" && f.skipReason === "fallback-unused");
  // Rule (b): the fallback's own dependencies must already be satisfied.
  if (!idle || state.blockers[fb] > 0) {
    failOrigins(ctx, origins, id);
    stopRun(ctx, RUN_CODES.RUN010(id, fb));
    return;
  }
  for (const r of rescued) patchNode(ctx, r, { fallback: { to: fb, state: "running" } });
  if (f.status === "skipped") patchNode(ctx, fb, { status: "pending", skipReason: undefined, fallbackFor: id });
  else patchNode(ctx, fb, { fallbackFor: id });
  makeReady(ctx, fb);
}
