/** Builds an executor's context for one attempt: substitution, environment, log sink, signal. */
import { referenceLookup, substituteReferences } from "@/lib/workflow/references";
import { expressionContext, runReferenceContext } from "@/lib/workflow/run/run-reference-context";
import type { ActiveRun } from "./active-run";
import type { ExecutorContext } from "./executors/executor";
import { shellQuote } from "./executors/shell-quote";
import { substituteShell } from "./executors/substitute-shell";

/** Host variables a child process may see; everything else comes from the run. */
export const ENV_ALLOWLIST = ["PATH", "HOME", "LANG", "LC_ALL", "TERM", "TMPDIR", "USER", "SHELL", "TZ"];
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface NodeContextOptions {
  log: (stream: "stdout" | "stderr" | "engine", text: string) => void;
  signal: AbortSignal;
  maxOutputBytes: number;
  onSpawn?: () => void;
}

let hostEnv: Record<string, string> | undefined;
/** The allowlisted host variables, read once (process.env lookups are slow on the hot path). */
function allowedHostEnv(): Record<string, string> {
  if (!hostEnv) {
    hostEnv = {};
    for (const k of ENV_ALLOWLIST) if (process.env[k] !== undefined) hostEnv[k] = process.env[k]!;
  }
  return hostEnv;
}

export function buildNodeContext(run: ActiveRun, nodeId: string, o: NodeContextOptions): ExecutorContext {
  const { spec, state } = run;
  const node = spec.defs.get(nodeId)!;
  const planned = spec.plan.nodes[nodeId];
  const env: Record<string, string> = { ...allowedHostEnv() };
  for (const [k, v] of Object.entries(state.vars)) if (ENV_NAME.test(k)) env[k] = v;
  env.WF_RUN_ID = run.id;
  env.WF_NODE_ID = nodeId;
  env.WF_WORKSPACE = run.workspace;
  if (planned.iteration !== undefined) env.WF_ITERATION = String(planned.iteration);
  return {
    runId: run.id,
    nodeId,
    node,
    planned,
    attempt: state.nodes[nodeId].attempts,
    workspace: run.workspace,
    vars: state.vars,
    signal: o.signal,
    ...(node.timeout_s ? { timeoutMs: node.timeout_s * 1000 } : {}),
    log: o.log,
    resolve: (text, quote) => {
      const lookup = referenceLookup(runReferenceContext(spec, state, nodeId, [text]));
      // `shellQuote` marks a command line: each value is quoted for the quotes it stands in.
      return quote === shellQuote ? substituteShell(text, lookup) : substituteReferences(text, lookup, quote).text;
    },
    expressionContext: () => expressionContext(spec, state, nodeId),
    routes: spec.plan.gates[nodeId] ?? [],
    env: env as NodeJS.ProcessEnv,
    maxOutputBytes: o.maxOutputBytes,
    ...(o.onSpawn ? { onSpawn: o.onSpawn } : {}),
  };
}
