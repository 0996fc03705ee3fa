/**
 * The contract between a run's owner (the engine that holds the run) and `wf worker` processes when nodes run
 * through the job queue (graphile-worker, decision 048; docs/scale-out.md): a `wf_node` job per launched
 * attempt, enqueued in the commit that stores its `node.started`; the worker's answer as a job for the owner
 * (`wf_node_done:<owner>`); cancels and heartbeats as notices. The job key `runId:nodeId:attempt` makes a node
 * job enqueued twice one job; each launch has its own token, which its answer (job key), cancel and heartbeats
 * name, so an answer delivered twice is one result and an old launch's answer never lands on a newer one.
 */
import * as z from "zod";
import { RunEventSchema } from "@/lib/workflow/run/run-events";

/** The task `wf worker` processes run. */
export const NODE_JOB_TASK = "wf_node";

/** Where a run's owner tells the workers that a cancelled launch's process group must be killed (payload: its token). */
export const NODE_CANCEL_CHANNEL = "wf_node_cancel";

/**
 * Where workers say they are alive: `<workerId> <launch>@<owner> …`, the launches each runs and whose they are,
 * every third of `WF_WORKER_LOST_S` and whenever it takes one; an owner interrupts an attempt whose beats stop,
 * and stops a launch of its own it no longer waits for (it restarted since, and runs that node again).
 */
export const WORKER_BEATS_CHANNEL = "wf_worker_beats";

/** NOTIFY payloads stay under PostgreSQL's 8,000 bytes: a long list of attempts goes in several beats. */
export function beatPayloads(workerId: string, launches: readonly string[], max = 7900): string[] {
  const out: string[] = [];
  let line = workerId;
  for (const launch of launches) {
    if (line.length + 1 + launch.length > max && line !== workerId) {
      out.push(line);
      line = workerId;
    }
    line += ` ${launch}`;
  }
  if (line !== workerId || !out.length) out.push(line);
  return out;
}

export function parseBeat(payload: string): { workerId: string; launches: { launch: string; owner: string }[] } {
  const [workerId = "", ...entries] = payload.split(" ").filter(Boolean);
  const launches = entries.map((e) => {
    const at = e.indexOf("@");
    return at < 0 ? { launch: e, owner: "" } : { launch: e.slice(0, at), owner: e.slice(at + 1) };
  });
  return { workerId, launches };
}

export const NodeJobSchema = z.object({
  runId: z.string(),
  nodeId: z.string(),
  attempt: z.number().int(),
  /** This launch of the attempt (`launch-token.ts`): answers, cancels and heartbeats name it. */
  launch: z.string(),
  /** The engine that holds the run: the answer goes to its task. */
  owner: z.string(),
});
export type NodeJob = z.infer<typeof NodeJobSchema>;

export const NodeDoneSchema = z.object({
  runId: z.string(),
  nodeId: z.string(),
  attempt: z.number().int(),
  launch: z.string(),
  /** The attempt's log events, then the one that reports it (`node.succeeded`, `node.failed`, `node.waiting`). */
  events: z.array(RunEventSchema).min(1),
  /** The worker that ran it. */
  worker: z.string(),
  /**
   * Set on a part of the attempt's log sent while it runs (numbered from 1; its `events` are `node.log` only):
   * the owner applies it and goes on waiting. The answer itself has none.
   */
  logPart: z.number().int().positive().optional(),
});
export type NodeDone = z.infer<typeof NodeDoneSchema>;

export function nodeJobKey(j: { runId: string; nodeId: string; attempt: number }): string {
  return `${j.runId}:${j.nodeId}:${j.attempt}`;
}

/** The task of one owner's answers (graphile-worker task identifiers are plain strings). */
export function nodeDoneTask(owner: string): string {
  return `wf_node_done:${owner}`;
}
