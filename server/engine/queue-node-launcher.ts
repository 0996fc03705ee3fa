/**
 * The owner's half of running nodes on `wf worker` processes (`node-jobs.ts`): a launched attempt's job is
 * already in the commit that started it (`PgRunStore` with `nodeJobs`), so launching only waits for the answer —
 * a `wf_node_done:<owner>` job this engine's own graphile-worker runner takes: the attempt's log events are
 * applied, then its outcome. Launches are told apart by their token (`launch-token.ts`): an answer for a launch
 * nobody waits for (delivered twice, or reset meanwhile) is dropped. Cancelling the attempt (its controller aborts) tells the workers by `NOTIFY wf_node_cancel`.
 *
 * Lost workers (`WF_WORKER_LOST_S`): a worker beats for the attempts it runs; an attempt whose beats stop for
 * `lostMs` becomes `node.interrupted` (its retries or its failure follow), with a log line naming the worker.
 * An attempt no worker has taken yet is queued, not lost. While this process cannot hear the beats (its
 * listening connection is down, or came back less than `lostMs` ago) nobody is declared lost. A launch of this
 * owner that a worker still runs though nobody here waits for it (this process restarted, and the node was
 * interrupted and runs again) is told to stop.
 */
import { run, type Runner } from "graphile-worker";
import type { Pool } from "pg";
import type { RunEvent } from "@/lib/workflow/run/run-events";
import type { LaunchNode } from "./launch-node";
import { launchToken } from "./launch-token";
import { NODE_CANCEL_CHANNEL, NodeDoneSchema, nodeDoneTask, parseBeat, WORKER_BEATS_CHANNEL } from "./node-jobs";
import { ListenConnection } from "./pg-listen-connection";
import { quietGraphileLogger } from "./quiet-graphile-logger";

export interface QueueNodeLauncher {
  readonly owner: string;
  readonly launch: LaunchNode;
  /** Attempts launched and not answered yet. */
  readonly waiting: () => number;
  /** Starts taking the workers' answers and hearing their beats. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface QueueNodeLauncherOptions {
  pool: Pool;
  owner: string;
  /** `WF_WORKER_LOST_S` in ms. */
  lostMs: number;
  now?: () => number;
  log?: (line: string) => void;
}

interface Waiting {
  nodeId: string;
  emitLog: (event: Extract<RunEvent, { type: "node.log" }>) => void;
  finish: (event: RunEvent) => void;
  /** The worker that last beat for it, and when. */
  beat?: { worker: string; at: number };
}

export function createQueueNodeLauncher(o: QueueNodeLauncherOptions): QueueNodeLauncher {
  const waiting = new Map<string, Waiting>();
  const log = o.log ?? ((line: string) => console.error(line));
  const now = o.now ?? Date.now;
  let runner: Runner | undefined;
  let beats: ListenConnection | undefined;
  let check: NodeJS.Timeout | undefined;
  /** Since when beats have been heard without a break (undefined: not listening). */
  let hearingSince: number | undefined;

  const answer = (payload: unknown) => {
    const done = NodeDoneSchema.parse(payload);
    const w = waiting.get(done.launch);
    if (!w) return;
    waiting.delete(done.launch);
    const outcome = done.events[done.events.length - 1];
    for (const e of done.events.slice(0, -1)) if (e.type === "node.log") w.emitLog(e);
    w.finish(outcome);
  };

  /** Launches of this owner that a worker runs and nobody here waits for: when first heard of. */
  const strangers = new Map<string, number>();
  const heard = (payload: string | undefined) => {
    const { workerId, launches } = parseBeat(payload ?? "");
    const at = now();
    for (const { launch, owner } of launches) {
      if (owner !== o.owner) continue;
      const w = waiting.get(launch);
      if (w) {
        w.beat = { worker: workerId, at };
        continue;
      }
      // From before a restart (its node runs again now): stopped, so two attempts never share a workspace. A
      // launch is a stranger only once it has been one for a while — its beat can overtake the commit's answer.
      const since = strangers.get(launch);
      if (since === undefined) strangers.set(launch, at);
      else if (at - since >= o.lostMs / 3) {
        strangers.delete(launch);
        log(`wf ${o.owner}: worker ${workerId} runs a node this engine no longer waits for; stopping it`);
        cancelLaunch(launch, "an old launch");
      }
    }
  };
  const cancelLaunch = (token: string, what: string) =>
    void o.pool
      .query("select pg_notify($1, $2)", [NODE_CANCEL_CHANNEL, token])
      .catch((err: unknown) => log(`wf: could not tell the workers to cancel ${what} (${(err as Error).message})`));

  const interruptLost = () => {
    const t = now();
    for (const [launch, since] of strangers) if (t - since > 3 * o.lostMs) strangers.delete(launch);
    if (hearingSince === undefined || t - hearingSince < o.lostMs) return;
    for (const [launch, w] of waiting) {
      if (!w.beat || t - w.beat.at < o.lostMs) continue;
      waiting.delete(launch);
      const { nodeId } = w;
      const seconds = Math.round((t - w.beat.at) / 1000);
      w.emitLog({
        type: "node.log",
        at: t,
        nodeId,
        stream: "engine",
        text: `wf: worker ${w.beat.worker} stopped answering (no heartbeat for ${seconds} s); the attempt is interrupted\n`,
      });
      w.finish({ type: "node.interrupted", at: t, nodeId });
    }
  };

  const launch: LaunchNode = (activeRun, nodeId, controller, deps, finish) => {
    // The token the commit gave this launch's job (`RunBatch.launched`).
    const token = launchToken(controller);
    waiting.set(token, { nodeId, emitLog: deps.emitLog, finish });
    strangers.delete(token);
    const cancel = () => cancelLaunch(token, `${activeRun.id}/${nodeId}`);
    if (controller.signal.aborted) cancel();
    else controller.signal.addEventListener("abort", cancel, { once: true });
  };

  return {
    owner: o.owner,
    launch,
    waiting: () => waiting.size,
    async start() {
      beats = new ListenConnection({
        pool: o.pool,
        channel: WORKER_BEATS_CHANNEL,
        applicationName: `wf-owner-${o.owner}`,
        name: `wf ${o.owner}`,
        peers: "worker heartbeats",
        log,
        onNotice: heard,
        onListening: () => (hearingSince = now()),
        onLost: () => (hearingSince = undefined),
      });
      await beats.ready;
      check = setInterval(interruptLost, Math.max(50, o.lostMs / 4));
      check.unref();
      runner = await run({
        pgPool: o.pool,
        concurrency: 4,
        // Answers are many and short: fetched 16 at a time, completed together within a turn (PostgreSQL's load).
        preset: { worker: { localQueue: { size: 16 }, completeJobBatchDelay: 0 } },
        noHandleSignals: true,
        logger: quietGraphileLogger(log),
        taskList: { [nodeDoneTask(o.owner)]: (payload) => Promise.resolve(answer(payload)) },
      });
    },
    async stop() {
      clearInterval(check);
      await runner?.stop();
      await beats?.close();
      runner = beats = undefined;
    },
  };
}
