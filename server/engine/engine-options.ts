/** The engine's options and inputs (kept apart so callers import types without the engine). */
import type { ApprovalRequest } from "@/lib/workflow/run/run-state";
import type { Template } from "@/lib/workflow/model/template-schema";
import type { ExecutorCatalog } from "@/lib/describe/executor-catalog-schema";
import type { AgentProviders } from "@/server/providers/agent-providers";
import type { ProcessSandbox } from "@/server/sandbox/process-sandbox";
import type { Clock } from "./clock";
import type { RunParent, RunTrigger } from "./run-store";
import type { ChildTemplateSource } from "./child-templates";
import type { RunEventBus } from "./event-bus";
import type { ExecutorRegistry } from "./executors/executor-registry";
import type { AgentJudge } from "./run-checks";
import type { AttemptStep } from "./run-node";
import type { RunStore } from "./run-store";
import type { SecretSource } from "./run-secrets";
import type { LaunchNode } from "./launch-node";

export interface AutoDecision {
  decision: string;
  answer?: string;
  comment?: string;
}

export interface EngineOptions<S extends RunStore = RunStore> {
  store: S;
  runsDir: string;
  /** Where committed events are published (default: a bus of this engine's own). */
  bus?: RunEventBus;
  clock?: Clock;
  executors?: ExecutorRegistry;
  /** Nodes running at once over all runs (default 32) and per run (default 16). */
  concurrency?: { global?: number; perRun?: number };
  /**
   * Nodes whose outcome is known at once (checkpoints, gates over expressions, …) one tick finishes, shared
   * equally among the runs with ready nodes (at least one each); then they yield to the next tick (default 256).
   */
  instantNodesPerTick?: number;
  /**
   * How long one tick may spend finishing such nodes, shared equally among the runs with ready nodes (each
   * finishes one at least); then
   * they yield to the next tick as when the count runs out. Unset: the count alone bounds a tick. The server
   * sets 2 ms, so requests and other runs wait at most a few milliseconds per turn behind a huge chain.
   */
  instantNodesMs?: number;
  /**
   * How long one turn of the event loop may work on a large run's start before the rest waits for the next
   * turn (`server/timers/run-in-turns.ts`; default 2 ms). Tests set 0: every slice then waits for the next turn.
   */
  startSliceBudgetMs?: number;
  maxOutputBytes?: number;
  /** The shell that runs command lines with `-c` (default `/bin/sh`; tests run bash too). */
  shell?: string;
  /** Log bytes kept per node attempt (default 256 KiB). */
  maxLogBytes?: number;
  /** Where `{secrets.NAME}` values come from (the encrypted store on the server, WF_SECRET_<NAME> for the CLI). */
  secretSource?: SecretSource;
  /** Answers approvals without a person (CLI `--approve all`, `--answer`). */
  autoDecide?: (a: { runId: string; nodeId: string; request: ApprovalRequest }) => AutoDecision | undefined;
  /** Who answers `agent_confirms` checks (default: the default agent provider). */
  judge?: AgentJudge;
  /** Agent providers for agent nodes and checks (default: none). */
  providers?: AgentProviders;
  /** The executor catalog skill nodes read, at each run (default: the shipped catalog). */
  catalog?: () => ExecutorCatalog;
  /** How node processes start: bubblewrap, spawner helpers, the host variables they inherit (default: from the environment). */
  sandbox?: ProcessSandbox;
  /** Where workflow nodes' child templates come from (the library, the CLI's files); none: they fail (RUN042). */
  childTemplates?: ChildTemplateSource;
  /**
   * How launched nodes run (default: in this process). `createQueueNodeLauncher`'s runs them on `wf worker`
   * processes; its store must then enqueue their jobs in the commits (`PgRunStore` with `nodeJobs`).
   */
  launchNode?: LaunchNode;
  /** Fault-injection hook: a step of a node attempt begins (a throw fails the attempt at that step). */
  onAttemptStep?: (e: { runId: string; nodeId: string; step: AttemptStep | "writing the result" }) => void;
  /** Measurement hook: a node was picked to start / its process was spawned. */
  onNodeTiming?: (e: { runId: string; nodeId: string; phase: "ready" | "spawned"; at: number }) => void;
}

export interface StartRunInput {
  template: Template;
  variables?: Record<string, unknown>;
  /** Refuse variables the template does not declare (RUN024); otherwise they are left out. */
  refuseUndeclared?: boolean;
  templatePk?: string | null;
  templateVersion?: number | null;
  runId?: string;
  /** Who started it (`runs.started_by`), written with the run's row. */
  startedBy?: { userId: string | null; email: string };
  /** The trigger that started it (`runs.trigger_id`, `trigger_kind`): docs/triggers.md. */
  trigger?: RunTrigger;
  /** A sub-workflow run: the parent run and its workflow node (`runs.parent_run_id`, `parent_node_id`). */
  parent?: RunParent;
  /** The file the template was read from (the CLI): file-path children resolve relative to it. */
  sourceFile?: string;
}
