/**
 * The run engine: owns active runs in memory, feeds events to the pure reducer, persists each batch of
 * transitions with their events in one store transaction (SQLite at once, PostgreSQL asynchronously),
 * publishes them on the bus, and launches ready nodes under the global and per-run concurrency limits.
 *
 * One scheduling tick, each step one helper:
 * 1. pick ready nodes while slots are free, mark them started (`pick-ready-nodes.ts`); one whose outcome is known
 *    at once finishes there (`run-instant-node.ts`), up to `instantNodesPerTick` per tick shared among the runs;
 * 2. persist, in one transaction for all runs, what the last completions produced and the starts (so a
 *    crash knows what was running) — a run started since the last tick is stored here too (`commit-runs.ts`);
 * 3. launch their executors (`launch-node.ts`), 4. wake waiters (`run-waiters.ts`), 5. forget finished runs
 *    (`evict-finished-runs.ts`) — steps 2–5 and what a refused commit does: `commit-cycle.ts`.
 * Around it: `new-active-run.ts` (a large one: `start-in-slices.ts`), `node-launch-deps.ts`, `run-activation.ts`,
 * `reenter-run.ts`, `recover-runs.ts`, `dispatch-run-commands.ts`, `run-timers.ts`, `approval-decision.ts`.
 */
import { advanceRunState } from "@/lib/workflow/run/advance-run-state";
import { redactDeep } from "@/lib/workflow/run/redact-secrets";
import { finishedDownstream } from "@/lib/workflow/run/reset-nodes";
import { RUN_CODES } from "@/lib/workflow/run/run-codes";
import type { RunEvent } from "@/lib/workflow/run/run-events";
import type { RunState } from "@/lib/workflow/run/run-state";
import type { ActiveRun } from "./active-run";
import { realClock, type Clock } from "./clock";
import { CommitCycle } from "./commit-cycle";
import type { AutoDecision, EngineOptions, StartRunInput } from "./engine-options";
import { DecisionRefusedError, RerunNeedsConfirmationError } from "./engine-errors";
import { createRunEventBus, type RunEventBus } from "./event-bus";
import { resultToEvent, type ExecuteNodeDeps } from "./execute-node";
import { sharedLaunchDeps, type SharedLaunchDeps } from "./node-launch-deps";
import { launchNode } from "./launch-node";
import { newActiveRun, type NewRunContext } from "./new-active-run";
import { newActiveRunInTurns, startsInSlices } from "./start-in-slices";
import type { AttemptStep } from "./run-node";
import { RunWaiters } from "./run-waiters";
import { armExpiry, armRetry } from "./run-timers";
import { dispatchRunCommands } from "./dispatch-run-commands";
import { reenterRun } from "./reenter-run";
import type { RunOps } from "./run-ops";
import { pickReadyNodes, type Pick, type StartOutcome } from "./pick-ready-nodes";
import { runInstantNode } from "./run-instant-node";
import { answerAutomatically, approvalTarget, decisionEvent } from "./approval-decision";
import { ChildRuns } from "./child-runs";
import { recordOutcome } from "./record-outcome";
import { andThen, type MaybePromise } from "./maybe-promise";
import { overStore, RunActivation } from "./run-activation";
import { recoverRuns, type RecoveredRuns } from "./recover-runs";
import type { RunStore, StoreResult, SyncRunStore } from "./run-store";

export type { AutoDecision, EngineOptions, StartRunInput };

/** Nodes finished at once per tick, shared among the runs (docs/decisions/044-ticks-run-to-quiescence.md). */
const DEFAULT_INSTANT_NODES_PER_TICK = 256;

export class RunEngine<S extends RunStore = SyncRunStore> {
  private readonly runs = new Map<string, ActiveRun>();
  private readonly activation: RunActivation;
  private readonly bus: RunEventBus;
  private readonly clock: Clock;
  private readonly globalLimit: number;
  private readonly perRunLimit: number;
  private readonly instantPerTick: number;
  private readonly shared: SharedLaunchDeps;
  private running = 0;
  private tickScheduled = false;
  private detached = false;
  private readonly cycle: CommitCycle;
  private readonly waiters = new RunWaiters(
    (id) => this.runs.get(id),
    (id) => this.getState(id),
  );

  private readonly ops: RunOps = {
    apply: (run, event) => this.apply(run, event),
    armRetry: (run, nodeId, at) => armRetry(run, nodeId, at, this.clock, this.ops.apply),
    armExpiry: (run, nodeId, approvalId, at) => armExpiry(run, nodeId, approvalId, at, this.clock, this.ops.apply),
    autoDecide: (run, nodeId, approvalId, request) =>
      answerAutomatically(run, nodeId, approvalId, this.o.autoDecide?.({ runId: run.id, nodeId, request }), request, {
        decide: (id, d) => this.decideOn(run, id, d),
        refused: (err) => {
          this.apply(run, { type: "node.log", at: this.clock.now(), nodeId, stream: "engine", text: String(err) });
          this.tick();
        },
      }),
    onReady: (run, nodeId) => this.o.onNodeTiming?.({ runId: run.id, nodeId, phase: "ready", at: performance.now() }),
    cancelChild: (childRunId) => this.children.cancel(childRunId),
  };

  private readonly children = new ChildRuns({
    clock: () => this.clock,
    apply: (run, event) => this.apply(run, event),
    createRun: (input) => this.createRun(input),
    activate: (id) => this.activation.activateNow(id),
    find: (id) => this.runs.get(id),
    loadRun: (id) => this.activation.storedNow(id),
  });

  constructor(private readonly o: EngineOptions<S>) {
    this.bus = o.bus ?? createRunEventBus();
    this.clock = o.clock ?? realClock;
    this.shared = sharedLaunchDeps(o, this.clock);
    this.globalLimit = o.concurrency?.global ?? 32;
    this.perRunLimit = o.concurrency?.perRun ?? 16;
    this.instantPerTick = o.instantNodesPerTick ?? DEFAULT_INSTANT_NODES_PER_TICK;
    this.cycle = new CommitCycle({
      runs: this.runs,
      store: o.store,
      bus: this.bus,
      clock: this.clock,
      launch: (run, nodeId) => this.launch(run, nodeId),
      release: () => this.running--,
      notify: () => this.waiters.notify(),
      schedule: () => this.scheduleTick(),
    });
    this.activation = new RunActivation(o.store, this.runs, this.perRunLimit, o.secretSource);
  }

  /**
   * Plans and starts a run, stored when this returns (its first tick runs now); nothing is stored when
   * the template or the variables are invalid. The CLI and tests use it.
   */
  startRun(input: StartRunInput): { runId: string } {
    if (this.o.store.asynchronous) throw new Error("startRun needs a synchronous store; use startRunGrouped");
    const run = this.createRun(input);
    let failed: unknown;
    try {
      failed = this.tick();
    } catch (err) {
      failed = err;
    }
    // Not stored: the run never existed (what else the failed commit held is tried again).
    if (failed !== undefined && run.created) {
      this.runs.delete(run.id);
      throw failed;
    }
    return { runId: run.id };
  }

  /**
   * Like `startRun`, but the run is stored by the engine's next tick, in one transaction with every other
   * run started or advanced in this turn of the event loop (the server's concurrent `run.start` calls share
   * it). Resolves once that transaction is committed; rejects, with nothing stored, when the input is
   * invalid or the commit fails.
   */
  startRunGrouped(input: StartRunInput): Promise<{ runId: string }> {
    if (startsInSlices(input.template)) return this.startInSlices(input);
    let run: ActiveRun;
    try {
      run = this.createRun(input);
    } catch (err) {
      return Promise.reject(err);
    }
    return this.stored(run);
  }

  /** A large template's start (`start-in-slices.ts`), then as any grouped start. */
  private async startInSlices(input: StartRunInput): Promise<{ runId: string }> {
    const run = await newActiveRunInTurns(input, this.newRunContext(), this.o.startSliceBudgetMs);
    if (this.detached) throw new Error("the engine stopped before the run was stored");
    return await this.stored(this.started(run));
  }

  private stored(run: ActiveRun): Promise<{ runId: string }> {
    return new Promise((resolve, reject) => {
      run.onStored = { resolve: () => resolve({ runId: run.id }), reject };
    });
  }

  /** Steps shared by both starts: checks, plan, the active run with its `created` record and `run.started`. */
  private createRun(input: StartRunInput): ActiveRun {
    return this.started(newActiveRun(input, this.newRunContext()));
  }

  private started(run: ActiveRun): ActiveRun {
    this.runs.set(run.id, run);
    this.apply(run, { type: "run.started", at: this.clock.now() });
    return run;
  }

  private newRunContext(): NewRunContext {
    return {
      runsDir: this.o.runsDir,
      perRunLimit: this.perRunLimit,
      catalog: this.shared.catalog,
      secretSource: this.o.secretSource,
      childTemplates: this.o.childTemplates,
    };
  }

  /**
   * Resumes every unfinished run in the store (at process start); returns those that could not be read,
   * each marked failed in the store with the reason (RUN035).
   */
  recoverRuns(filter?: (runId: string) => boolean): StoreResult<S, RecoveredRuns> {
    const deps = {
      store: this.o.store,
      runs: this.runs,
      activation: this.activation,
      preloaded: this.activation.preloaded,
      now: () => this.clock.now(),
      resume: (run: ActiveRun) => this.resumeLoaded(run),
      reattach: (run: ActiveRun) => this.children.reattach(run),
      tick: () => void this.tick(),
    };
    return overStore(this.o.store, () => recoverRuns(deps, filter));
  }

  /**
   * Loads a stored run and continues it: nodes that were running become interrupted (their policy
   * retries or fails them), queued nodes are queued again, retry timers re-armed, waiting nodes wait.
   */
  resumeRun(runId: string): StoreResult<S, void> {
    return this.withRun(runId, (run) => this.resumeLoaded(run));
  }

  private resumeLoaded(run: ActiveRun): void {
    reenterRun(run, this.clock.now(), this.ops);
    this.children.reattach(run);
    void this.tick();
  }

  cancel(runId: string): StoreResult<S, boolean> {
    return this.withRun(runId, (run) => {
      const ok = this.apply(run, { type: "run.cancelled", at: this.clock.now() });
      void this.tick();
      return ok;
    });
  }

  /**
   * Applies a person's decision to the approval `approvalId` (`<runId>:<nodeId>:<attempt>.<request>`): only
   * the node's open request under exactly this id takes it, never a later request of the same node.
   */
  decide(approvalId: string, d: AutoDecision & { by?: string }): StoreResult<S, void> {
    return this.withRun(approvalTarget(approvalId).runId, (run) => this.decideOn(run, approvalId, d));
  }

  private decideOn(run: ActiveRun, approvalId: string, d: AutoDecision & { by?: string }): void {
    const { nodeId } = approvalTarget(approvalId);
    if (run.state.nodes[nodeId]?.approvalId !== approvalId)
      throw new DecisionRefusedError(`approval ${approvalId} is not open (it was replaced or closed)`);
    run.decisions.set(approvalId, { decision: d.decision, answer: d.answer, comment: d.comment, by: d.by });
    const ok = this.apply(run, decisionEvent(nodeId, approvalId, d, this.clock.now()));
    if (!ok) {
      run.decisions.delete(approvalId);
      throw new DecisionRefusedError(`approval ${approvalId} is not open or "${d.decision}" is not a choice`);
    }
    void this.tick();
  }

  /** Re-run from a node: refused with RUN013 when finished downstream nodes would go stale, unless confirmed. */
  rerunFrom(runId: string, nodeId: string, confirm = false): StoreResult<S, void> {
    return this.withRun(runId, (run) => {
      if (!run.spec.plan.nodes[nodeId]) throw new DecisionRefusedError(`run ${runId} has no node ${nodeId}`);
      const finished = finishedDownstream(run.spec.plan, run.state, nodeId);
      if (finished.length && !confirm)
        throw new RerunNeedsConfirmationError(RUN_CODES.RUN013(nodeId, finished), finished);
      this.apply(run, { type: "run.rerun", at: this.clock.now(), nodeId });
      void this.tick();
    });
  }

  retryFailed(runId: string): StoreResult<S, void> {
    return this.withRun(runId, (run) => {
      this.apply(run, { type: "run.retry-failed", at: this.clock.now() });
      void this.tick();
    });
  }

  /** The live state of an active run, or the stored one. */
  getState(runId: string): StoreResult<S, RunState | undefined> {
    const live = this.runs.get(runId);
    return overStore(
      this.o.store,
      () => live?.state ?? andThen(this.o.store.loadRun(runId), (stored) => stored?.state),
    );
  }

  /** Resolves when the run is finished or waiting for a person, with no executor still working. */
  settled(runId: string): Promise<RunState> {
    return this.waiters.settled(runId);
  }

  /**
   * Stops this engine without writing anything more (what a crash looks like to the store):
   * running processes are killed, later completions are dropped. Tests and shutdown use it.
   */
  detach(): void {
    this.detached = true;
    this.cycle.stop();
    for (const run of this.runs.values()) {
      run.onStored?.reject(new Error("the engine stopped before the run was stored"));
      for (const c of run.inflight.values()) c.abort();
      for (const cancel of run.timers.values()) cancel();
    }
    this.runs.clear();
  }

  // ——— internals ———

  private withRun = <T>(id: string, fn: (run: ActiveRun) => T): StoreResult<S, T> =>
    overStore(this.o.store, () => this.activation.withRun(id, fn));

  /** Feeds one event to the reducer and turns its commands into work. */
  private apply(run: ActiveRun, event: RunEvent): boolean {
    if (this.detached) return false;
    // Before the reducer: state, stored events, the bus and every log see the redacted text only.
    if (run.secrets) event = redactDeep(event, run.secrets.redact);
    const r = advanceRunState(run.spec, run.state, event);
    if (!r.accepted) return false;
    run.outbox.push(event, ...r.events);
    for (const id of r.touched) run.touched.add(id);
    dispatchRunCommands(run, r.commands, this.ops);
    if (run.parent) this.children.changed(run);
    this.scheduleTick();
    return true;
  }

  private scheduleTick(): void {
    if (this.tickScheduled) return;
    this.tickScheduled = true;
    setImmediate(() => this.tick());
  }

  /** One tick (`commit-cycle.ts`); returns the commit's error when the store refused it. */
  private tick(): MaybePromise<unknown> {
    this.tickScheduled = false;
    if (this.detached) return undefined;
    if (this.cycle.busy()) return undefined;
    // One transaction per tick: what the last completions produced and the starts they allow.
    return this.cycle.commit(this.pickReady());
  }

  /** Runs held in memory (tests, the soak benchmark). */
  get activeRunCount(): number {
    return this.runs.size;
  }

  private pickReady(): Pick[] {
    return pickReadyNodes(
      this.runs.values(),
      () => this.running < this.globalLimit,
      (run, nodeId) => this.startNode(run, nodeId),
      this.instantPerTick,
      this.o.instantNodesMs,
    );
  }

  /** Applies `node.started`; a node whose outcome is known now gets it applied too, else a slot for its launch. */
  private startNode(run: ActiveRun, nodeId: string): StartOutcome {
    if (!this.apply(run, { type: "node.started", at: this.clock.now(), nodeId })) return "refused";
    // A workflow node starts its child run and holds no slot while it runs (`child-runs.ts`).
    if (run.spec.plan.nodes[nodeId].type === "workflow") return (this.children.start(run, nodeId), "finished");
    const onStep = this.o.onAttemptStep;
    const now = runInstantNode(
      run,
      nodeId,
      this.shared.executors,
      onStep && ((step: AttemptStep) => onStep({ runId: run.id, nodeId, step })),
    );
    if (now) {
      this.record(run, nodeId, resultToEvent(nodeId, this.clock.now(), now));
      return "finished";
    }
    run.inflight.set(nodeId, new AbortController());
    this.running++;
    return "launch";
  }

  private launch(run: ActiveRun, nodeId: string): void {
    const controller = run.inflight.get(nodeId)!;
    const timing = this.o.onNodeTiming;
    const onStep = this.o.onAttemptStep;
    const deps: ExecuteNodeDeps = {
      ...this.shared,
      emitLog: (event: Extract<RunEvent, { type: "node.log" }>) => this.apply(run, event),
      ...(timing ? { onSpawn: () => timing({ runId: run.id, nodeId, phase: "spawned", at: performance.now() }) } : {}),
      ...(onStep ? { onStep: (step: AttemptStep) => onStep({ runId: run.id, nodeId, step }) } : {}),
    };
    (this.o.launchNode ?? launchNode)(run, nodeId, controller, deps, (event) => {
      const current = run.inflight.get(nodeId) === controller;
      if (current) run.inflight.delete(nodeId);
      this.running--;
      // A result for an attempt that was reset meanwhile (re-run, cancel) must not land on a newer one.
      if (current && run.state.nodes[nodeId].status === "running") this.record(run, nodeId, event);
      this.scheduleTick();
    });
  }

  private record(run: ActiveRun, nodeId: string, event: RunEvent): void {
    recordOutcome(
      { apply: (r, e) => this.apply(r, e), now: () => this.clock.now(), onAttemptStep: this.o.onAttemptStep },
      run,
      nodeId,
      event,
    );
  }
}
