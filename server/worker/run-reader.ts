/**
 * How a worker reads the run of a node job: the run's template and plan once per run (they never change; the
 * last 32 runs are kept), then per job its run row and the node rows the attempt can read — the node itself and
 * every node before it in the plan (references, `{prev_output}`, fallbacks), not the whole run: a job of a
 * 2,000-node fan-out reads one node row, not 2,000. The run is the owner's, validated when it started.
 */
import type { Pool } from "pg";
import { ancestorsOf } from "@/lib/workflow/run/run-plan";
import { makeRunSpec, type RunSpec } from "@/lib/workflow/run/run-spec";
import type { RawRow } from "@/server/db/map-raw-row";
import * as sql from "@/server/db/pg/pg-run-sql";
import { createActiveRun, type ActiveRun } from "@/server/engine/active-run";
import { resolveRunSecrets, type SecretSource } from "@/server/engine/run-secrets";
import { runStateFromRows } from "@/server/engine/run-state-rows";
import { listTemplateReferences } from "@/lib/workflow/model/template-references";
import { parseRunSpec } from "@/server/engine/stored-run-from-rows";
import { workspacePath } from "@/server/engine/confinement/workspace";

/**
 * A secret the run references is in neither the vault nor this worker's environment, or is in the vault under a
 * key this worker does not have.
 */
export class MissingSecretError extends Error {
  override name = "MissingSecretError";
}

export class RunReader {
  private readonly specs = new Map<string, RunSpec>();

  /** `runsDir`: this worker's (`WF_DATA_DIR/runs`): the shared folder may be mounted elsewhere than on the owner. */
  constructor(
    private readonly pool: Pool,
    private readonly runsDir: string,
    private readonly secretSource: SecretSource | undefined,
    /** Reloads what `secretSource` reads (the vault's copy) before a run that uses secrets is read. */
    private readonly refreshSecrets?: () => Promise<void>,
    private readonly keep = 32,
  ) {}

  /** Whether a run's template references `{secrets.NAME}`, per spec (computed once). */
  private readonly usesSecrets = new WeakMap<RunSpec, boolean>();

  /** The run as the attempt of `nodeId` sees it; undefined when the run or its node is gone. */
  async read(runId: string, nodeId: string): Promise<ActiveRun | undefined> {
    const spec = await this.spec(runId);
    if (!spec?.plan.nodes[nodeId]) return undefined;
    const [run, nodes] = await Promise.all([
      this.pool.query<RawRow>(sql.query(sql.SELECT_RUN, [runId])),
      this.pool.query<RawRow>(sql.query(sql.SELECT_SOME_NODE_RUNS, [runId, [...ancestorsOf(spec.plan, [nodeId])]])),
    ]);
    if (!run.rows[0]) return undefined;
    let uses = this.usesSecrets.get(spec);
    if (uses === undefined)
      this.usesSecrets.set(spec, (uses = listTemplateReferences(spec.template).some((r) => r.ref.kind === "secret")));
    // A value set or changed in Settings since the last node reaches this one.
    if (uses) await this.refreshSecrets?.();
    const row = sql.toRunRow(run.rows[0]);
    const { state } = runStateFromRows(spec.plan, row, nodes.rows.map(sql.toNodeRow), false);
    const active = createActiveRun(spec, state, workspacePath(this.runsDir, runId), Number.MAX_SAFE_INTEGER);
    const { secrets, diagnostics } = resolveRunSecrets(spec.template, this.secretSource);
    // Never run a node with a reference it cannot fill: its attempt fails, saying which secret this worker lacks.
    if (diagnostics.length) throw new MissingSecretError(diagnostics.map((d) => d.message).join("; "));
    active.secrets = secrets;
    return active;
  }

  private async spec(runId: string): Promise<RunSpec | undefined> {
    const known = this.specs.get(runId);
    if (known) {
      // Most recently used last: the first entry is the one to forget.
      this.specs.delete(runId);
      this.specs.set(runId, known);
      return known;
    }
    const { rows } = await this.pool.query<{ templateJson: string; planJson: string }>(
      sql.query(sql.SELECT_RUN_SPEC, [runId]),
    );
    if (!rows[0]) return undefined;
    const { template, plan } = parseRunSpec(runId, rows[0]);
    const spec = makeRunSpec(template, plan);
    this.specs.set(runId, spec);
    if (this.specs.size > this.keep) this.specs.delete(this.specs.keys().next().value!);
    return spec;
  }
}
