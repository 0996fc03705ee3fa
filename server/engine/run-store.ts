/**
 * What the engine needs from storage (docs/scale-out.md): SQLite answers synchronously (`SyncRunStore`, the
 * fast path), PostgreSQL with promises (`asynchronous: true`). `commit` writes a batch of transitions with
 * their events atomically and returns the ids given to the events (increasing per run, from 1).
 */
import type { TriggerKind } from "@/lib/triggers/trigger-schema";
import type { Template } from "@/lib/workflow/model/template-schema";
import type { RunCommand } from "@/lib/workflow/run/run-commands";
import type { RunEvent } from "@/lib/workflow/run/run-events";
import type { RunPlan } from "@/lib/workflow/run/run-plan";
import type { RunState } from "@/lib/workflow/run/run-state";
import type { RunRowLite } from "@/server/db/run-queries";
import type { MaybePromise } from "./maybe-promise";

export interface NewRun {
  runId: string;
  template: Template;
  plan: RunPlan;
  /** The JSON text of `template` and `plan` when made already (a large run's, in slices); else the store makes it. */
  templateJson?: string;
  planJson?: string;
  state: RunState;
  name: string;
  workspace: string;
  templatePk?: string | null;
  templateVersion?: number | null;
  startedBy?: { userId: string | null; email: string };
  trigger?: RunTrigger;
  /** A sub-workflow run: the parent run and its workflow node. */
  parent?: RunParent;
}

export interface RunParent {
  runId: string;
  nodeId: string;
}

/** A run a trigger started says which (docs/triggers.md). */
export interface RunTrigger {
  id: string;
  kind: TriggerKind;
}

export interface ApprovalDecisionInfo {
  decision: string;
  answer?: string;
  comment?: string;
  by?: string;
}

/** One run's share of a commit. */
export interface RunBatch {
  runId: string;
  /** A run started since the last commit: stored first, in the same transaction as its first events. */
  created?: NewRun;
  state: RunState;
  /** The run's plan (a node row written the first time takes its iteration from it). */
  plan: RunPlan;
  events: RunEvent[];
  /** The nodes whose rows this commit writes (a new run's first share of them included). */
  touched: Iterable<string>;
  /** `ask` and `close-approval` commands to mirror into the approvals table. */
  approvals: RunCommand[];
  decisions: Map<string, ApprovalDecisionInfo>;
  /**
   * The attempts this commit's `node.started` events launch, each with its launch token (`launch-token.ts`): a
   * store that queues node jobs enqueues them.
   */
  launched?: { nodeId: string; attempt: number; launch: string }[];
}

export interface StoredRun {
  runId: string;
  /** The run's row without its large columns (what `run.get` and `run.list` show of it). */
  row: RunRowLite;
  template: Template;
  plan: RunPlan;
  state: RunState;
  /** Planned nodes without a stored row yet (read as they start; written again once loaded). */
  unwritten: string[];
  workspace: string;
  name: string;
  lastEventId: number;
  createdAt: number;
  templatePk: string | null;
  templateVersion: number | null;
  startedBy: { userId: string | null; email: string } | null;
  parent: RunParent | null;
}

export interface StoredEvent {
  id: number;
  runId: string;
  event: RunEvent;
}

export interface RunStore {
  /** Set by a store whose answers are promises: the engine then keeps one commit in flight and groups the rest. */
  readonly asynchronous?: boolean;
  /**
   * Writes every batch in one transaction (new runs first); returns the stored events per run, in order. An
   * asynchronous store reads everything it writes (states, events, decisions) before `commit` returns: the
   * engine goes on changing its runs while the transaction is in flight.
   */
  commit(batches: RunBatch[]): MaybePromise<Map<string, StoredEvent[]>>;
  loadRun(runId: string): MaybePromise<StoredRun | undefined>;
  openRunIds(): MaybePromise<string[]>;
  /**
   * Closes a run that cannot be read any more as failed with `reason` (status, error and a `run.finished`
   * event), without reading it; false when that cannot be written either.
   */
  markUnreadable(runId: string, reason: string, at: number): MaybePromise<boolean>;
  /** Events after `afterId` in id order; at most `limit` of them when given (replay pages). */
  eventsAfter(runId: string, afterId: number, limit?: number): MaybePromise<StoredEvent[]>;
}

/** A store that answers at once (SQLite): the engine's methods then return plain values. */
export interface SyncRunStore extends RunStore {
  readonly asynchronous?: false;
  commit(batches: RunBatch[]): Map<string, StoredEvent[]>;
  loadRun(runId: string): StoredRun | undefined;
  openRunIds(): string[];
  markUnreadable(runId: string, reason: string, at: number): boolean;
  eventsAfter(runId: string, afterId: number, limit?: number): StoredEvent[];
}

/**
 * What an engine method returns over store `S`: a value for a synchronous store, a promise for an asynchronous
 * one, either when the store is only known as a `RunStore` (the server's, chosen by its configuration: await it).
 */
export type StoreResult<S extends RunStore, T> = S extends SyncRunStore
  ? T
  : S extends { readonly asynchronous: true }
    ? Promise<T>
    : MaybePromise<T>;

/** The JSON text of a new run's template and plan, as its `run_specs` row stores them. */
export function runSpecJson(run: NewRun): [templateJson: string, planJson: string] {
  return [run.templateJson ?? JSON.stringify(run.template), run.planJson ?? JSON.stringify(run.plan)];
}
