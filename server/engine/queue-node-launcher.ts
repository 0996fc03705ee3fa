/**
 * The owner's half of running nodes on `wf worker` processes (`node-jobs.ts`): a launched attempt's job is
 * already in the commit that started it (`PgRunStore` with `nodeJobs`), so launching only waits for the answer —
 * a `wf_node_done:<owner>` job this engine's own graphile-worker runner takes: the attempt's log events are
 * applied, then its outcome. A long attempt's lines come sooner, in numbered log parts on the launch's own named
 * queue (taken one at a time, in order, before its answer). Launches are told apart by their token (`launch-token.ts`): an answer for a launch
 * nobody waits for (delivered twice, or reset meanwhile) is dropped. Cancelling the attempt (its controller aborts) tells the workers by `NOTIFY wf_node_cancel`.
 *
 * Lost workers (`WF_WORKER_LOST_S`): a worker beats for the attempts it runs; an attempt whose beats stop for
 * `lostMs` becomes `node.interrupted` (its retries or its failure follow), with a log line naming the worker.
 * An attempt no worker has taken yet is queued, not lost. While this process cannot hear the beats (its
 * listening connection is down, or came back less than `lostMs` ago) nobody is declared lost. A launch of this
 * owner that a worker still runs though nobody here waits for it (this process restarted, and the node was
 * interrupted and runs again) is told to stop.
 */
import { makeWorkerUtils, run, type Runner, type WorkerUtils } from "graphile-worker";
import type { Pool } from "pg";
import type { RunEvent } from "@/lib/workflow/run/run-events";
import type { LaunchNode } from "./launch-node";
import { launchToken } from "./launch-token";
import {
  NODE_CANCEL_CHANNEL,
  NodeDoneSchema,
  nodeDoneTask,
  nodeJobKey,
  parseBeat,
  WORKER_BEATS_CHANNEL,
} from "./node-jobs";
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
  /** Its node job's key (`runId:nodeId:attempt`) and when it was launched. */
  jobKey: string;
  since: number;
  emitLog: (event: Extract<RunEvent, { type: "node.log" }>) => void;
  finish: (event: RunEvent) => void;
  /** The worker that last beat for it, and when. */
  beat?: { worker: string; at: number };
}

/** How often the owner deletes the job queues no job refers to any more (the log parts' named queues). */
const QUEUE_GC_MS = 10 * 60_000;

export function createQueueNodeLauncher(o: QueueNodeLauncherOptions): QueueNodeLauncher {
  const waiting = new Map<string, Waiting>();
  const log = o.log ?? ((line: string) => console.error(line));
  const now = o.now ?? Date.now;
  let runner: Runner | undefined;
  let beats: ListenConnection | undefined;
  let check: NodeJS.Timeout | undefined;
  let gc: NodeJS.Timeout | undefined;
  let utils: WorkerUtils | undefined;
  /** Since when beats have been heard without a break (undefined: not listening). */
  let hearingSince: number | undefined;

  const answer = (payload: unknown) => {
    const done = NodeDoneSchema.parse(payload);
    const w = waiting.get(done.launch);
    if (!w) return;
    if (done.logPart !== undefined) {
      // Lines of an attempt still running: shown now, and proof its worker is alive.
      w.beat = { worker: done.worker, at: now() };
      for (const e of done.events) if (e.type === "node.log") w.emitLog(e);
      return;
    }
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
    void checkLaunches(t);
  };

  const interrupt = (launch: string, w: Waiting, why: string) => {
    if (waiting.get(launch) !== w) return;
    waiting.delete(launch);
    const at = now();
    const text = `wf: ${why}; the attempt is interrupted\n`;
    w.emitLog({ type: "node.log", at, nodeId: w.nodeId, stream: "engine", text });
    w.finish({ type: "node.interrupted", at, nodeId: w.nodeId });
  };

  /**
   * The launches whose worker went silent for the limit, and those no worker has beaten for that are older than
   * it, are asked after in the queue first. A silent launch whose answer waits there (stored while this process
   * could not fetch it, e.g. just after the database was away) is left to it; otherwise it is interrupted. An
   * unbeaten one gone without an answer (it failed — a worker could not read the run), failed for good, or taken
   * for longer than the limit without a heartbeat (its worker died as it took it): interrupted. Queued and not
   * taken: waiting.
   */
  let checking = false;
  const checkLaunches = async (t: number) => {
    const silent = (w: Waiting) => w.beat !== undefined && now() - w.beat.at >= o.lostMs;
    const old = [...waiting].filter(([, w]) => (w.beat ? silent(w) : t - w.since >= o.lostMs));
    if (!old.length || checking) return;
    checking = true;
    try {
      const { rows } = await o.pool.query<{ key: string; taken: number | null; done: boolean }>(
        `select key, (extract(epoch from now() - locked_at) * 1000)::float8 as taken, attempts >= max_attempts and locked_at is null as done
           from graphile_worker.jobs where key = any($1::text[])`,
        [old.flatMap(([launch, w]) => [w.jobKey, launch])],
      );
      const jobs = new Map(rows.map((r) => [r.key, r]));
      for (const [launch, w] of old) {
        if (jobs.has(launch)) continue; // its answer waits in the queue
        if (w.beat) {
          if (!silent(w)) continue; // beaten again meanwhile
          const seconds = Math.round((now() - w.beat.at) / 1000);
          interrupt(launch, w, `worker ${w.beat.worker} stopped answering (no heartbeat for ${seconds} s)`);
          continue;
        }
        const job = jobs.get(w.jobKey);
        if (!job || job.done) interrupt(launch, w, "its job ended without an answer");
        else if (job.taken !== null && job.taken >= o.lostMs)
          interrupt(launch, w, "the worker that took it never reported");
      }
    } catch (err) {
      log(`wf ${o.owner}: could not look at the node jobs (${(err as Error).message})`);
    } finally {
      checking = false;
    }
  };

  const launch: LaunchNode = (activeRun, nodeId, controller, deps, finish) => {
    // The token the commit gave this launch's job (`RunBatch.launched`).
    const token = launchToken(controller);
    const jobKey = nodeJobKey({ runId: activeRun.id, nodeId, attempt: activeRun.state.nodes[nodeId].attempts });
    waiting.set(token, { nodeId, jobKey, since: now(), emitLog: deps.emitLog, finish });
    strangers.delete(token);
    const cancel = () => {
      cancelLaunch(token, `${activeRun.id}/${nodeId}`);
      // Not taken by any worker yet (no heartbeat): nothing will answer — a worker that takes it later stops at
      // once (it heard the cancel), and a newer launch's job may replace it in the queue. It ends here.
      const w = waiting.get(token);
      if (w && !w.beat) {
        waiting.delete(token);
        w.finish({ type: "node.failed", at: now(), nodeId, error: "cancelled before a worker took it" });
      }
    };
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
      // Each long attempt's log parts had a named queue of their own: the empty ones are deleted now and then.
      utils = await makeWorkerUtils({ pgPool: o.pool, logger: quietGraphileLogger(log) });
      const collect = () =>
        void utils
          ?.cleanup({ tasks: ["GC_JOB_QUEUES"] })
          .catch((err: unknown) =>
            log(`wf ${o.owner}: could not clear the empty job queues (${(err as Error).message})`),
          );
      collect();
      gc = setInterval(collect, QUEUE_GC_MS);
      gc.unref();
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
      clearInterval(gc);
      await utils?.release();
      utils = undefined;
      await runner?.stop();
      await beats?.close();
      runner = beats = undefined;
    },
  };
}
