/**
 * The run engine: owns active runs in memory, feeds events to the pure reducer, persists each
 * batch of transitions with their events in one SQLite transaction, publishes them on the bus,
 * and launches ready nodes under the global and per-run concurrency limits.
 *
 * One scheduling tick:
 * 1. pick ready nodes (lowest topological index first) while slots are free, mark them started;
 * 2. persist, in one transaction for all runs, what the last completions produced and the starts
 *    (so a crash knows what was running) — a run started since the last tick is stored here too;
 * 3. launch their executors;
 * 4. wake whoever waits for a run to settle;
 * 5. forget finished runs (the database has them; `activate` loads one again when asked).
 */
import { makeRunSpec } from "@/lib/workflow/run/run-spec";
import { initialRunState } from "@/lib/workflow/run/run-state";
import type { RunEvent } from "@/lib/workflow/run/run-events";
import type { RunState } from "@/lib/workflow/run/run-state";
import { advanceRunState } from "@/lib/workflow/run/advance-run-state";
import { finishedDownstream } from "@/lib/workflow/run/reset-nodes";
import { RUN_CODES } from "@/lib/workflow/run/run-codes";
import { redactDeep } from "@/lib/workflow/run/redact-secrets";
import { validateRunState } from "@/lib/workflow/run/validate-run-state";
import { isTerminalRunStatus } from "@/lib/workflow/model/statuses";
import { newId } from "@/server/db/new-id";
import { createActiveRun, type ActiveRun } from "./active-run";
import { realClock, type Clock } from "./clock";
import type { AutoDecision, EngineOptions, StartRunInput } from "./engine-options";
import type { ApprovalRequest } from "@/lib/workflow/run/run-state";

export type { AutoDecision, EngineOptions, StartRunInput };
import {
  DecisionRefusedError,
  RerunNeedsConfirmationError,
  RunInputError,
  RunNotFoundError,
  RunStateInvalidError,
} from "./engine-errors";
import { resolveRunSecrets } from "./run-secrets";
import { createRunEventBus, type RunEventBus } from "./event-bus";
import { DEFAULT_EXECUTOR_CATALOG } from "@/lib/describe/default-executor-catalog";
import type { ExecutorCatalog } from "@/lib/describe/executor-catalog-schema";
import { NO_AGENT_PROVIDERS, type AgentProviders } from "@/server/providers/agent-providers";
import { createAgentJudge } from "./agent-judge";
import type { AgentJudge } from "./run-checks";
import type { StoredEvent } from "./run-store";
import { createExecutorRegistry, type ExecutorRegistry } from "./executors/executor-registry";
import { checkSkillCommands } from "./check-skill-commands";
import { executeNode, resultToEvent } from "./execute-node";
import { stepFailure, type AttemptStep } from "./run-node";
import { prepareRun } from "./prepare-run";
import { resolveRunVariables } from "./resolve-run-variables";
import { workspacePath } from "./workspace";

export class RunEngine {
  private readonly runs = new Map<string, ActiveRun>();
  private readonly bus: RunEventBus;
  private readonly clock: Clock;
  private readonly executors: ExecutorRegistry;
  private readonly globalLimit: number;
  private readonly perRunLimit: number;
  private readonly providers: AgentProviders;
  private readonly catalog: () => ExecutorCatalog;
  private readonly judge: AgentJudge;
  private running = 0;
  private tickScheduled = false;
  private detached = false;
  private waiters = new Map<string, Set<() => void>>();

  constructor(private readonly o: EngineOptions) {
    this.bus = o.bus ?? createRunEventBus();
    this.providers = o.providers ?? NO_AGENT_PROVIDERS;
    this.catalog = o.catalog ?? (() => DEFAULT_EXECUTOR_CATALOG);
    this.judge = o.judge ?? createAgentJudge(this.providers);
    this.clock = o.clock ?? realClock;
    this.executors = o.executors ?? createExecutorRegistry();
    this.globalLimit = o.concurrency?.global ?? 32;
    this.perRunLimit = o.concurrency?.perRun ?? 16;
  }

  /**
   * Plans and starts a run, stored when this returns (its first tick runs now); nothing is stored when
   * the template or the variables are invalid. The CLI and tests use it.
   */
  startRun(input: StartRunInput): { runId: string } {
    const run = this.createRun(input);
    try {
      this.tick();
    } catch (err) {
      // Not stored: the run never existed.
      if (run.created) this.runs.delete(run.id);
      throw err;
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
    let run: ActiveRun;
    try {
      run = this.createRun(input);
    } catch (err) {
      return Promise.reject(err);
    }
    return new Promise((resolve, reject) => {
      run.onStored = { resolve: () => resolve({ runId: run.id }), reject };
    });
  }

  /** Steps shared by both starts: checks, plan, the active run with its `created` record and `run.started`. */
  private createRun(input: StartRunInput): ActiveRun {
    // 1. Variables (required ones are never guessed), 2. the plan.
    const { vars, diagnostics } = resolveRunVariables(input.template, input.variables ?? {}, input.refuseUndeclared);
    const prepared = prepareRun(input.template);
    const secrets = resolveRunSecrets(input.template, this.o.secretSource);
    const problems = [
      ...diagnostics,
      ...prepared.variableNames,
      ...prepared.shellCommands,
      ...checkSkillCommands(input.template, this.catalog),
      ...secrets.diagnostics,
      ...prepared.planProblems,
    ];
    const { plan, spec } = prepared;
    if (problems.length || !plan || !spec) throw new RunInputError(problems);
    // 3. Workspace and stored run, 4. the run.started event.
    const runId = input.runId ?? newId("run");
    const state = initialRunState(plan, runId, vars);
    const workspace = workspacePath(this.o.runsDir, runId);
    const run = createActiveRun(spec, state, workspace, this.perRunLimit);
    run.secrets = secrets.secrets;
    // Stored by the next commit, with run.started and the first node.started (one transaction).
    run.created = {
      runId,
      template: input.template,
      plan,
      state,
      name: input.template.name,
      workspace,
      templatePk: input.templatePk ?? null,
      templateVersion: input.templateVersion ?? null,
      ...(input.startedBy ? { startedBy: input.startedBy } : {}),
    };
    this.runs.set(runId, run);
    this.apply(run, { type: "run.started", at: this.clock.now() });
    return run;
  }

  /** Resumes every unfinished run in the store (at process start); returns those that could not be. */
  recoverRuns(filter?: (runId: string) => boolean): { resumed: string[]; invalid: RunStateInvalidError[] } {
    const resumed: string[] = [];
    const invalid: RunStateInvalidError[] = [];
    for (const id of this.o.store.openRunIds()) {
      if (this.runs.has(id) || (filter && !filter(id))) continue;
      try {
        this.resumeRun(id);
        resumed.push(id);
      } catch (err) {
        if (err instanceof RunStateInvalidError) invalid.push(err);
        else throw err;
      }
    }
    return { resumed, invalid };
  }

  /**
   * Loads a stored run and continues it: nodes that were running become interrupted (their policy
   * retries or fails them), queued nodes are queued again, retry timers re-armed, waiting nodes wait.
   */
  resumeRun(runId: string): void {
    const run = this.activate(runId);
    const now = this.clock.now();
    for (const id of run.spec.plan.order) {
      const n = run.state.nodes[id];
      if (n.status === "running") this.apply(run, { type: "node.interrupted", at: now, nodeId: id });
    }
    if (run.state.status === "pending") this.apply(run, { type: "run.started", at: now });
    for (const id of run.spec.plan.order) {
      const n = run.state.nodes[id];
      if (n.status === "ready") run.heap.push(id);
      if (n.status === "pending" && n.retryAt) this.arm(run, id, n.retryAt);
      if (n.status === "waiting" && n.approvalId && n.request) {
        if (n.request.timeoutAt !== undefined) this.armExpiry(run, id, n.approvalId, n.request.timeoutAt);
        this.autoDecide(run, id, n.approvalId, n.request);
      }
    }
    this.tick();
  }

  cancel(runId: string): boolean {
    const run = this.activate(runId);
    const ok = this.apply(run, { type: "run.cancelled", at: this.clock.now() });
    this.tick();
    return ok;
  }

  /** Applies a person's decision to the approval `approvalId` (`<runId>:<nodeId>:<attempt>`). */
  decide(approvalId: string, d: AutoDecision & { by?: string }): void {
    const first = approvalId.indexOf(":");
    const last = approvalId.lastIndexOf(":");
    if (first < 0 || last <= first) throw new DecisionRefusedError(`unknown approval ${approvalId}`);
    const run = this.activate(approvalId.slice(0, first));
    const nodeId = approvalId.slice(first + 1, last);
    run.decisions.set(approvalId, { decision: d.decision, answer: d.answer, comment: d.comment, by: d.by });
    const ok = this.apply(run, {
      type: "decision.given",
      at: this.clock.now(),
      nodeId,
      approvalId,
      decision: d.decision,
      ...(d.answer !== undefined ? { answer: d.answer } : {}),
      ...(d.comment !== undefined ? { comment: d.comment } : {}),
      ...(d.by !== undefined ? { by: d.by } : {}),
    });
    if (!ok) {
      run.decisions.delete(approvalId);
      throw new DecisionRefusedError(`approval ${approvalId} is not open or "${d.decision}" is not a choice`);
    }
    this.tick();
  }

  /** Re-run from a node: refused with RUN013 when finished downstream nodes would go stale, unless confirmed. */
  rerunFrom(runId: string, nodeId: string, confirm = false): void {
    const run = this.activate(runId);
    if (!run.spec.plan.nodes[nodeId]) throw new DecisionRefusedError(`run ${runId} has no node ${nodeId}`);
    const finished = finishedDownstream(run.spec.plan, run.state, nodeId);
    if (finished.length && !confirm)
      throw new RerunNeedsConfirmationError(RUN_CODES.RUN013(nodeId, finished), finished);
    this.apply(run, { type: "run.rerun", at: this.clock.now(), nodeId });
    this.tick();
  }

  retryFailed(runId: string): void {
    const run = this.activate(runId);
    this.apply(run, { type: "run.retry-failed", at: this.clock.now() });
    this.tick();
  }

  /** The live state of an active run, or the stored one. */
  getState(runId: string): RunState | undefined {
    return this.runs.get(runId)?.state ?? this.o.store.loadRun(runId)?.state;
  }

  /** Resolves when the run is finished or waiting for a person, with no executor still working. */
  settled(runId: string): Promise<RunState> {
    return new Promise((resolve) => {
      const check = () => {
        const run = this.runs.get(runId);
        if (!run) return (resolve(this.getState(runId)!), true);
        const quiet = run.inflight.size === 0 && run.outbox.length === 0 && run.pendingDecisions === 0;
        if (quiet && (isTerminalRunStatus(run.state.status) || run.state.status === "waiting")) {
          resolve(run.state);
          return true;
        }
        return false;
      };
      if (check()) return;
      const set = this.waiters.get(runId) ?? new Set();
      const w = () => {
        if (!check()) return;
        set.delete(w);
        if (set.size === 0 && this.waiters.get(runId) === set) this.waiters.delete(runId);
      };
      set.add(w);
      this.waiters.set(runId, set);
    });
  }

  /**
   * Stops this engine without writing anything more (what a crash looks like to the store):
   * running processes are killed, later completions are dropped. Tests and shutdown use it.
   */
  detach(): void {
    this.detached = true;
    for (const run of this.runs.values()) {
      run.onStored?.reject(new Error("the engine stopped before the run was stored"));
      for (const c of run.inflight.values()) c.abort();
      for (const cancel of run.timers.values()) cancel();
    }
    this.runs.clear();
  }

  // ——— internals ———

  private activate(runId: string): ActiveRun {
    const live = this.runs.get(runId);
    if (live) return live;
    const stored = this.o.store.loadRun(runId);
    if (!stored) throw new RunNotFoundError(runId);
    const diagnostics = validateRunState(stored.plan, stored.state);
    if (diagnostics.length) throw new RunStateInvalidError(runId, diagnostics);
    const run = createActiveRun(
      makeRunSpec(stored.template, stored.plan),
      stored.state,
      stored.workspace,
      this.perRunLimit,
    );
    // Values are read again (never stored with the run); a secret deleted since stays unresolved.
    run.secrets = resolveRunSecrets(stored.template, this.o.secretSource).secrets;
    this.runs.set(runId, run);
    return run;
  }

  /** Feeds one event to the reducer and turns its commands into work. */
  private apply(run: ActiveRun, event: RunEvent): boolean {
    if (this.detached) return false;
    // Before the reducer: state, stored events, the bus and every log see the redacted text only.
    if (run.secrets) event = redactDeep(event, run.secrets.redact);
    const r = advanceRunState(run.spec, run.state, event);
    if (!r.accepted) return false;
    run.outbox.push(event, ...r.events);
    for (const id of r.touched) run.touched.add(id);
    for (const c of r.commands) {
      switch (c.type) {
        case "start":
          run.heap.push(c.nodeId);
          this.o.onNodeTiming?.({ runId: run.id, nodeId: c.nodeId, phase: "ready", at: performance.now() });
          break;
        case "kill":
          run.inflight.get(c.nodeId)?.abort();
          break;
        case "ask":
          run.approvals.push(c);
          this.autoDecide(run, c.nodeId, c.approvalId, c.request);
          break;
        case "close-approval":
          run.timers.get(`approval:${c.approvalId}`)?.();
          run.timers.delete(`approval:${c.approvalId}`);
          run.approvals.push(c);
          break;
        case "record-votes":
          run.approvals.push(c);
          break;
        case "expire":
          this.armExpiry(run, c.nodeId, c.approvalId, c.at);
          break;
        case "wake":
          this.arm(run, c.nodeId, c.at);
          break;
        case "finished":
          for (const cancel of run.timers.values()) cancel();
          run.timers.clear();
          break;
      }
    }
    this.scheduleTick();
    return true;
  }

  private autoDecide(run: ActiveRun, nodeId: string, approvalId: string, request: ApprovalRequest): void {
    const d = this.o.autoDecide?.({ runId: run.id, nodeId, request });
    // Deferred: the approval row is written before it is answered.
    if (!d) return;
    run.pendingDecisions++;
    queueMicrotask(() => {
      run.pendingDecisions--;
      try {
        // The CLI's one operator stands for every approver the approval needs.
        for (let i = 1; i <= (request.required ?? 1); i++) {
          const n = run.state.nodes[nodeId];
          if (i > 1 && (n.status !== "waiting" || n.approvalId !== approvalId)) break;
          this.decide(approvalId, { ...d, by: i === 1 ? "auto" : `auto-${i}` });
        }
      } catch (err) {
        // A refused automatic answer (e.g. an unknown branch) leaves the node waiting for a person.
        this.apply(run, { type: "node.log", at: this.clock.now(), nodeId, stream: "engine", text: String(err) });
        this.tick();
      }
    });
  }

  private arm(run: ActiveRun, nodeId: string, at: number): void {
    run.timers.get(nodeId)?.();
    const cancel = this.clock.setTimer(at, () => {
      run.timers.delete(nodeId);
      this.apply(run, { type: "node.retry", at: this.clock.now(), nodeId });
    });
    run.timers.set(nodeId, cancel);
  }

  /** Times an approval out at `at` (the engine's clock, so tests advance a fake one instead of sleeping). */
  private armExpiry(run: ActiveRun, nodeId: string, approvalId: string, at: number): void {
    const key = `approval:${approvalId}`;
    run.timers.get(key)?.();
    const cancel = this.clock.setTimer(at, () => {
      run.timers.delete(key);
      run.decisions.set(approvalId, { decision: run.state.nodes[nodeId]?.request?.onTimeout ?? "fail" });
      this.apply(run, { type: "approval.timed-out", at: this.clock.now(), nodeId, approvalId });
    });
    run.timers.set(key, cancel);
  }

  private scheduleTick(): void {
    if (this.tickScheduled) return;
    this.tickScheduled = true;
    setImmediate(() => this.tick());
  }

  private tick(): void {
    this.tickScheduled = false;
    if (this.detached) return;
    // One transaction per tick: what the last completions produced and the starts they allow.
    const launches = this.pickReady();
    this.flush();
    for (const [run, nodeId] of launches) {
      if (this.runs.get(run.id) === run) this.launch(run, nodeId);
      // A grouped start whose commit failed: never stored, so never launched.
      else this.running--;
    }
    this.notifyWaiters();
    this.evictFinished();
  }

  /** Drops finished runs with nothing left to write or wait for, so memory stays flat over time. */
  private evictFinished(): void {
    for (const [id, run] of this.runs) {
      const quiet =
        run.inflight.size === 0 &&
        run.outbox.length === 0 &&
        run.touched.size === 0 &&
        run.approvals.length === 0 &&
        run.pendingDecisions === 0 &&
        run.timers.size === 0;
      if (quiet && isTerminalRunStatus(run.state.status)) this.runs.delete(id);
    }
  }

  /** How many runs the engine holds in memory (tests and the soak benchmark). */
  get activeRunCount(): number {
    return this.runs.size;
  }

  private flush(): void {
    const dirty = [...this.runs.values()].filter((r) => r.outbox.length || r.touched.size || r.approvals.length);
    if (!dirty.length) return;
    let stored: Map<string, StoredEvent[]>;
    try {
      stored = this.o.store.commit(
        dirty.map((r) => ({
          runId: r.id,
          ...(r.created ? { created: r.created } : {}),
          state: r.state,
          events: r.outbox,
          touched: r.touched,
          approvals: r.approvals,
          decisions: r.decisions,
        })),
      );
    } catch (err) {
      // Grouped starts not stored never existed: each fails with the error. Anything else throws, as before.
      let rethrow = false;
      for (const r of dirty) {
        if (r.created && r.onStored) {
          this.runs.delete(r.id);
          r.onStored.reject(err);
        } else rethrow = true;
      }
      if (rethrow) throw err;
      return;
    }
    for (const r of dirty) {
      r.created = undefined;
      r.outbox = [];
      r.touched = new Set();
      r.approvals = [];
    }
    // Published only now: a subscriber never sees an event that is not committed.
    for (const events of stored.values()) for (const e of events) this.bus.publish(e);
    for (const r of dirty) {
      r.onStored?.resolve();
      r.onStored = undefined;
    }
  }

  private pickReady(): [ActiveRun, string][] {
    const out: [ActiveRun, string][] = [];
    for (const run of this.runs.values()) {
      // A node whose previous attempt is still ending (cancelled, its process group being killed)
      // waits: a new attempt must never share the workspace with the old one's processes.
      const ending: string[] = [];
      while (run.heap.size && this.running < this.globalLimit && run.inflight.size < run.perRunLimit) {
        const nodeId = run.heap.pop()!;
        if (run.inflight.has(nodeId)) {
          ending.push(nodeId);
          continue;
        }
        if (!this.apply(run, { type: "node.started", at: this.clock.now(), nodeId })) continue;
        run.inflight.set(nodeId, new AbortController());
        this.running++;
        out.push([run, nodeId]);
      }
      for (const id of ending) run.heap.push(id);
    }
    return out;
  }

  private launch(run: ActiveRun, nodeId: string): void {
    const controller = run.inflight.get(nodeId)!;
    const timing = this.o.onNodeTiming;
    const onStep = this.o.onAttemptStep;
    const work = executeNode(run, nodeId, controller.signal, {
      executors: this.executors,
      judge: this.judge,
      providers: this.providers,
      catalog: this.catalog,
      maxOutputBytes: this.o.maxOutputBytes ?? 1 << 20,
      ...(this.o.shell ? { shell: this.o.shell } : {}),
      maxLogBytes: this.o.maxLogBytes ?? 256 * 1024,
      now: () => this.clock.now(),
      emitLog: (event) => this.apply(run, event),
      ...(timing ? { onSpawn: () => timing({ runId: run.id, nodeId, phase: "spawned", at: performance.now() }) } : {}),
      ...(onStep ? { onStep: (step: AttemptStep) => onStep({ runId: run.id, nodeId, step }) } : {}),
    });
    const finish = (event: RunEvent) => {
      const current = run.inflight.get(nodeId) === controller;
      if (current) run.inflight.delete(nodeId);
      this.running--;
      // A result for an attempt that was reset meanwhile (re-run, cancel) must not land on a newer one.
      if (current && run.state.nodes[nodeId].status === "running") this.record(run, nodeId, event);
      this.scheduleTick();
    };
    // executeNode turns every throw into a failed result; the second handler is the last guard.
    void work.then(finish, (err: unknown) =>
      finish(resultToEvent(nodeId, this.clock.now(), stepFailure(nodeId, "engine", err))),
    );
  }

  /** Applies an attempt's outcome; if that throws, the node fails with the error instead of staying running. */
  private record(run: ActiveRun, nodeId: string, event: RunEvent): void {
    try {
      this.o.onAttemptStep?.({ runId: run.id, nodeId, step: "writing the result" });
      this.apply(run, event);
    } catch (err) {
      const failed = resultToEvent(nodeId, this.clock.now(), stepFailure(nodeId, "writing the result", err));
      try {
        this.apply(run, failed);
      } catch (again) {
        console.error(`wf engine: could not record the outcome of ${run.id}/${nodeId}:`, again);
      }
    }
  }

  private notifyWaiters(): void {
    for (const [, set] of this.waiters) for (const w of [...set]) w();
  }
}
