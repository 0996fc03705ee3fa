/**
 * Builds an executor's context for one attempt: substitution, environment, log sink, signal. The part an
 * instant node needs (`instantContext`: the node, references, expression values) is built alone for it.
 */
import { substituteReferences } from "@/lib/workflow/model/references";
import { ENV_NAME, reservedEnvName } from "@/lib/workflow/shell/node-environment";
import { ENV_VALUE_MAX_BYTES } from "@/lib/workflow/shell/render-shell-command";
import { expressionContext, runReferenceLookup } from "@/lib/workflow/run/run-reference-context";
import type { ActiveRun } from "./active-run";
import type { ExecutorCatalog } from "@/lib/describe/executor-catalog-schema";
import type { AgentProviders } from "@/server/providers/agent-providers";
import type { ProcessSandbox } from "@/server/sandbox/process-sandbox";
import type { ExecutorContext, InstantContext } from "./executors/executor";
import { nodeIsolation } from "./node-isolation";

export interface NodeContextOptions {
  log: (stream: "stdout" | "stderr" | "engine", text: string) => void;
  signal: AbortSignal;
  maxOutputBytes: number;
  onSpawn?: () => void;
  shell?: string;
  providers: AgentProviders;
  catalog: () => ExecutorCatalog;
  /** How the node's processes start, and the host variables they inherit (the allowlist). */
  sandbox: ProcessSandbox;
  /** The engine's runs folder: hidden from every node (its own workspace shows through). */
  runsDir: string;
}

/** The node, its references (with the run's secrets) and expression values: no environment, no I/O. */
export function instantContext(run: ActiveRun, nodeId: string): InstantContext {
  const { spec, state } = run;
  const baseLookup = runReferenceLookup(spec, state, nodeId);
  const secrets = run.secrets?.values;
  // `{secrets.NAME}` resolves only here, in the engine; a shell command receives it as WF_REF_n.
  const lookup: typeof baseLookup = secrets
    ? (ref) =>
        ref.kind === "secret" ? (Object.hasOwn(secrets, ref.name) ? secrets[ref.name] : undefined) : baseLookup(ref)
    : baseLookup;
  return {
    runId: run.id,
    nodeId,
    node: spec.defs.get(nodeId)!,
    planned: spec.plan.nodes[nodeId],
    attempt: state.nodes[nodeId].attempts,
    vars: state.vars,
    resolve: (text, quote) => substituteReferences(text, lookup, quote).text,
    lookup,
    expressionContext: () => expressionContext(spec, state, nodeId),
    routes: spec.plan.gates[nodeId] ?? [],
  };
}

export function buildNodeContext(run: ActiveRun, nodeId: string, o: NodeContextOptions): ExecutorContext {
  const { spec, state } = run;
  const base = instantContext(run, nodeId);
  const { node, planned } = base;
  const env: Record<string, string> = { ...o.sandbox.hostEnv };
  const secrets = run.secrets?.values;
  // Declared variables only, never over an inherited name (a stored run from before the rule may
  // hold one). A value too large for an environment string would make every exec fail (E2BIG);
  // commands still receive it through `{name}`, which passes it through a file.
  for (const k of Object.keys(spec.template.context_schema)) {
    const v = state.vars[k];
    if (v !== undefined && ENV_NAME.test(k) && !reservedEnvName(k) && Buffer.byteLength(v) <= ENV_VALUE_MAX_BYTES)
      env[k] = v;
  }
  // Secrets the template references, by name (secret names cannot be reserved names: secret.set refuses them).
  if (secrets) for (const [k, v] of Object.entries(secrets)) if (!reservedEnvName(k)) env[k] = v;
  env.WF_RUN_ID = run.id;
  env.WF_NODE_ID = nodeId;
  env.WF_WORKSPACE = run.workspace;
  if (planned.iteration !== undefined) env.WF_ITERATION = String(planned.iteration);
  return {
    ...base,
    workspace: run.workspace,
    signal: o.signal,
    ...(node.timeout_s ? { timeoutMs: node.timeout_s * 1000 } : {}),
    log: o.log,
    env: env as NodeJS.ProcessEnv,
    maxOutputBytes: o.maxOutputBytes,
    providers: o.providers,
    catalog: o.catalog,
    sandbox: o.sandbox,
    isolation: nodeIsolation(node, { workspace: run.workspace, runsDir: o.runsDir, home: o.sandbox.hostEnv.HOME }),
    ...(o.onSpawn ? { onSpawn: o.onSpawn } : {}),
    ...(o.shell ? { shell: o.shell } : {}),
  };
}
