/**
 * What a `wf worker` process does (docs/scale-out.md): takes `wf_node` jobs from the queue (graphile-worker, at
 * most `concurrency` at once), runs each attempt exactly as the owner's engine would run it in process
 * (`executeNode` over the run as stored: its plan, its state, the outputs before it), and answers with a
 * `wf_node_done:<owner>` job keyed by the launch's token (a long attempt's log lines go sooner, in log parts:
 * `log-shipper.ts`). A job whose attempt is no longer the node's running
 * one (answered already, cancelled, re-run) is dropped without running anything. A cancel notice for an attempt
 * aborts it (its process group is killed as in process); `stop(drainMs)` takes no new job, lets running ones
 * finish for `drainMs`, then aborts them and answers them as interrupted (handed back: their node's policy runs
 * them again elsewhere, or fails them). While it runs
 * attempts it beats (`WORKER_BEATS_CHANNEL`) every third of `WF_WORKER_LOST_S`.
 */
import { run, type JobHelpers, type Runner } from "graphile-worker";
import type { Pool } from "pg";
import type { RunEvent } from "@/lib/workflow/run/run-events";
import { executeNode, type ExecuteNodeDeps } from "@/server/engine/execute-node";
import {
  beatPayloads,
  NODE_CANCEL_CHANNEL,
  NODE_JOB_TASK,
  NodeJobSchema,
  WORKER_BEATS_CHANNEL,
} from "@/server/engine/node-jobs";
import { ListenConnection } from "@/server/engine/pg-listen-connection";
import { quietGraphileLogger } from "@/server/engine/quiet-graphile-logger";
import type { SecretSource } from "@/server/engine/run-secrets";
import { AnswerBatch } from "./answer-batch";
import { LogShipper } from "./log-shipper";
import { RecentKeys } from "./recent-keys";
import { MissingSecretError, RunReader } from "./run-reader";

export interface NodeWorkerOptions {
  pool: Pool;
  id: string;
  concurrency: number;
  /** How attempts run (executors, sandbox, providers, catalog, runs folder, limits), as in the engine. */
  deps: Omit<ExecuteNodeDeps, "emitLog" | "now">;
  /** Where `{secrets.NAME}` values come from (values are never stored with a run or a job). */
  secretSource?: SecretSource;
  /** Reloads what `secretSource` reads before a node of a run that uses secrets (the vault's copy). */
  refreshSecrets?: () => Promise<void>;
  /** How long `stop` lets running attempts finish before it aborts them (ms). */
  drainMs: number;
  /** `WF_WORKER_LOST_S` in ms: the worker beats every third of it while it runs attempts. */
  lostMs: number;
  now?: () => number;
  log?: (line: string) => void;
}

export interface NodeWorker {
  readonly id: string;
  /** Attempts running now. */
  running(): number;
  /** Takes no new job; running attempts get `drainMs` to finish, then are aborted and handed back. */
  stop(): Promise<void>;
}

export async function startNodeWorker(o: NodeWorkerOptions): Promise<NodeWorker> {
  const log = o.log ?? ((line: string) => console.error(line));
  const now = o.now ?? Date.now;
  const reader = new RunReader(o.pool, o.deps.runsDir, o.secretSource, o.refreshSecrets);
  const answers = new AnswerBatch(o.pool);
  const running = new Map<string, AbortController>();
  /** Each running launch's owner (its beats name it, so an owner can stop launches it no longer waits for). */
  const owners = new Map<string, string>();
  // A cancel that arrives before its job is taken (or while its run is read) still stops it.
  const cancelled = new RecentKeys(1000);
  const cancels = new ListenConnection({
    pool: o.pool,
    channel: NODE_CANCEL_CHANNEL,
    applicationName: `wf-worker-${o.id}`,
    name: `wf worker ${o.id}`,
    peers: "cancels",
    log,
    onNotice: (token) => {
      if (!token) return;
      cancelled.add(token);
      running.get(token)?.abort();
    },
    onListening: () => {},
  });
  await cancels.ready;
  // Heartbeats: the attempts this worker runs, so their owners can tell a lost worker from a slow node.
  const beat = () => {
    if (!running.size) return;
    for (const payload of beatPayloads(
      o.id,
      [...running.keys()].map((token) => `${token}@${owners.get(token)}`),
    ))
      o.pool
        .query("select pg_notify($1, $2)", [WORKER_BEATS_CHANNEL, payload])
        .catch((err: unknown) => log(`wf worker ${o.id}: a heartbeat was not sent (${(err as Error).message})`));
  };
  const beats = setInterval(beat, Math.max(50, o.lostMs / 3));
  beats.unref();

  // The queue aborts one signal for all its jobs when a drain runs out: every running attempt stops then, and is
  // handed back — answered as interrupted, so its node's policy runs it again elsewhere (or fails it).
  let drainedOut = false;
  const watched = new WeakSet<AbortSignal>();
  const watchDrain = (signal: AbortSignal | undefined) => {
    if (!signal || watched.has(signal)) return;
    watched.add(signal);
    signal.addEventListener(
      "abort",
      () => {
        drainedOut = true;
        running.forEach((c) => c.abort());
      },
      { once: true },
    );
  };

  const handle = async (payload: unknown, helpers: JobHelpers) => {
    const job = NodeJobSchema.parse(payload);
    const token = job.launch;
    const { runId, nodeId, attempt, launch } = job;
    let activeRun;
    try {
      activeRun = await reader.read(runId, nodeId);
    } catch (err) {
      if (!(err instanceof MissingSecretError)) throw err;
      // The owner applies it only while it waits for this launch (a stale job's answer is dropped there).
      const failed: RunEvent = { type: "node.failed", at: now(), nodeId, error: err.message };
      return answers.send(job.owner, { runId, nodeId, attempt, launch, events: [failed], worker: o.id });
    }
    const node = activeRun?.state.nodes[job.nodeId];
    // Answered already, reset (cancel, re-run) or gone: nothing to run, nothing to say.
    if (!activeRun || node?.status !== "running" || node.attempts !== job.attempt) return;
    const controller = new AbortController();
    running.set(token, controller);
    owners.set(token, job.owner);
    beat();
    watchDrain(helpers.abortSignal);
    if (cancelled.has(token)) controller.abort();
    // Lines go to the owner while the attempt runs (log parts), the rest with the answer.
    const shipper = new LogShipper(answers, job.owner, { runId, nodeId, attempt, launch, worker: o.id });
    const events: RunEvent[] = [];
    try {
      const outcome = await executeNode(activeRun, job.nodeId, controller.signal, {
        ...o.deps,
        now,
        emitLog: (e) => shipper.push(e),
      });
      if (drainedOut && !cancelled.has(token)) {
        const text = `wf worker ${o.id}: stopped before this node ended (drain of ${o.drainMs / 1000} s); the attempt is handed back\n`;
        events.push({ type: "node.log", at: now(), nodeId: job.nodeId, stream: "engine", text });
        events.push({ type: "node.interrupted", at: now(), nodeId: job.nodeId });
      } else events.push(outcome);
      // Keyed by the launch: the same answer twice is one job; another launch's answer never replaces it. Tried
      // again while the database is away, however long (the heartbeats go on meanwhile: the attempt is not lost).
      await shipper.finish(events);
    } finally {
      running.delete(token);
      owners.delete(token);
    }
  };

  let runner: Runner;
  try {
    runner = await run({
      pgPool: o.pool,
      concurrency: o.concurrency,
      noHandleSignals: true,
      gracefulShutdownAbortTimeout: o.drainMs,
      // One fetch for the whole pool, not one per idle slot at every new job (PostgreSQL's load, measured);
      // completions of one turn in one statement.
      preset: { worker: { localQueue: { size: o.concurrency }, completeJobBatchDelay: 0 } },
      logger: quietGraphileLogger(log),
      taskList: { [NODE_JOB_TASK]: handle },
    });
  } catch (err) {
    clearInterval(beats);
    await cancels.close();
    throw err;
  }
  return {
    id: o.id,
    running: () => running.size,
    async stop() {
      // Past the drain, answers the database still refuses are given up (their owners hand the nodes on).
      const giveUp = setTimeout(() => answers.close(), o.drainMs);
      giveUp.unref();
      await runner.stop();
      clearTimeout(giveUp);
      answers.close();
      clearInterval(beats);
      await cancels.close();
    },
  };
}
