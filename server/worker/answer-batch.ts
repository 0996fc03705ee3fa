/**
 * A worker's answers to owners, sent together: every answer ready in one turn of the event loop goes in one
 * `graphile_worker.add_jobs` call (each job `wf_node_done:<owner>`, keyed by its launch token) — an `add_job` per
 * answer was half of PostgreSQL's time for a worker's nodes (measured). `send` resolves once its answer is stored.
 * A failed call is tried again — 100 ms, doubling up to 5 s between tries — for as long as it takes: a database
 * away for seconds or minutes must not turn a finished node into a lost one that runs again (the heartbeats go on
 * meanwhile, so its owner does not give up on it). Only `close()` (the worker stopping) makes the tries reject.
 */
import type { Pool } from "pg";
import { nodeDoneTask, type NodeDone } from "@/server/engine/node-jobs";
import { RetryDelay } from "@/server/engine/retry-delay";

const ADD_ANSWERS = `select count(*) from graphile_worker.add_jobs(array(
  select row(a.task, a.payload, a.queue, null, 5, a.key, null, null)::graphile_worker.job_spec
  from unnest($1::text[], $2::json[], $3::text[], $4::text[]) as a(task, payload, key, queue)))`;

/**
 * How one answer is queued: its job key (default: the launch's token) and a named queue, whose jobs the owner
 * takes one at a time in order (a launch's log parts, then its answer).
 */
export interface AnswerRouting {
  key?: string;
  queue?: string;
}

interface Pending {
  owner: string;
  done: NodeDone;
  routing: AnswerRouting;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export class AnswerBatch {
  private pending: Pending[] = [];
  private scheduled = false;
  private closed = false;
  /** Wakes the batches waiting between tries (close). */
  private readonly waits = new Set<() => void>();

  constructor(private readonly pool: Pool) {}

  send(owner: string, done: NodeDone, routing: AnswerRouting = {}): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ owner, done, routing, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    this.scheduled = false;
    const values = [
      batch.map((p) => nodeDoneTask(p.owner)),
      batch.map((p) => JSON.stringify(p.done)),
      batch.map((p) => p.routing.key ?? p.done.launch),
      batch.map((p) => p.routing.queue ?? null),
    ];
    const delay = new RetryDelay();
    for (;;) {
      try {
        await this.pool.query(ADD_ANSWERS, values);
        for (const p of batch) p.resolve();
        return;
      } catch (err) {
        if (this.closed) {
          for (const p of batch) p.reject(err);
          return;
        }
        await this.pause(delay.next());
      }
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waits.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.waits.add(wake);
    });
  }

  /** The worker stops: answers still failing are given up after one more try. */
  close(): void {
    this.closed = true;
    for (const wake of [...this.waits]) wake();
  }
}
