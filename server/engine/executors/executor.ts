/**
 * The one executor interface: an executor gets a context (the node, its substituted texts,
 * the workspace, an abort signal, a log sink) and resolves to succeeded / failed / waiting.
 * Executors never touch the database or the event bus.
 */
import type { ReferenceLookup } from "@/lib/workflow/model/references";
import type { ApprovalRequest } from "@/lib/workflow/run/run-state";
import type { PlanNode } from "@/lib/workflow/run/run-plan";
import type { GateRoute } from "@/lib/workflow/run/run-plan";
import type { WorkflowNode } from "@/lib/workflow/model/template-schema";
import type { ExecutorCatalog } from "@/lib/describe/executor-catalog-schema";
import type { AgentProviders } from "@/server/providers/agent-providers";
import type { Isolation } from "@/server/sandbox/isolation";
import type { ProcessSandbox } from "@/server/sandbox/process-sandbox";

export type ExecutorResult =
  | {
      status: "succeeded";
      output: string;
      fields?: Record<string, unknown>;
      source?: "expression" | "condition" | "output" | "person";
      condition?: string;
    }
  | { status: "failed"; error: string; code?: string }
  | { status: "waiting"; request: ApprovalRequest };

/**
 * What an executor may read to finish a node at once, inside the engine's tick (no process, no I/O, no
 * log, no clock): the node, its plan entry, references and expression values.
 */
export interface InstantContext {
  runId: string;
  nodeId: string;
  node: WorkflowNode;
  planned: PlanNode;
  attempt: number;
  vars: Readonly<Record<string, string>>;
  /** Substitutes references in a node text that is not a command line (`quote` encodes each value). */
  resolve(text: string, quote?: (v: string) => string): string;
  /** The value of a reference for this attempt (undefined when it cannot be resolved). */
  lookup: ReferenceLookup;
  /** Values for CEL expressions (`vars`, `nodes`, `output`, `iteration`). */
  expressionContext(): Record<string, unknown>;
  /** The gate's outgoing routes (gate nodes only). */
  routes: readonly GateRoute[];
}

export interface ExecutorContext extends InstantContext {
  workspace: string;
  signal: AbortSignal;
  timeoutMs?: number;
  log(stream: "stdout" | "stderr" | "engine", text: string): void;
  /** Environment for child processes (allowlist + run variables + the secrets the template references). */
  env: NodeJS.ProcessEnv;
  /** How child processes start (the bubblewrap sandbox, the spawner helper). */
  sandbox: ProcessSandbox;
  /** What the node's processes may reach in the sandbox (its tier as mounts, network). */
  isolation: Isolation;
  /** The shell that runs command lines (default `/bin/sh`). */
  shell?: string;
  /** Per-node cap on kept output bytes. */
  maxOutputBytes: number;
  /** Called when a child process has been spawned (benchmarks). */
  onSpawn?: () => void;
  /** This process's agent providers (agent nodes, agent skill recipes). */
  providers: AgentProviders;
  /** The executor catalog in effect (skill nodes); throws ExecutorCatalogError when the user's file is invalid. */
  catalog(): ExecutorCatalog;
}

export interface Executor {
  run(ctx: ExecutorContext): Promise<ExecutorResult>;
  /**
   * The result without waiting, when no process, file or network is needed to know it (a checkpoint, a
   * gate over an expression, a human step's request); undefined otherwise. The engine then finishes the node in the
   * tick that starts it, in the same transaction (docs/decisions/044-ticks-run-to-quiescence.md).
   */
  runNow?(ctx: InstantContext): ExecutorResult | undefined;
}
