/** `run` router: start, read, list, cancel, re-run, the live event stream (docs/api.md). Thin: validate, call the engine. */
import { refuseWithoutProvider } from "@/server/api/procedures/refuse-without-provider";
import { TRPCError, tracked } from "@trpc/server";
import * as z from "zod";
import { rethrowApiError, withApiErrors } from "@/server/api/procedures/api-errors";
import { DiagnosticsError, createTRPCRouter, publicProcedure } from "@/server/api/procedures/trpc";
import { untilAccessEnds } from "@/server/api/procedures/until-access-ends";
import { parseTemplateInSlices } from "@/lib/workflow/model/parse-template";
import { RunNotFoundError } from "@/server/engine/engine-errors";
import { tailRunEvents } from "@/server/engine/tail-run-events";
import { listRunPage, RunListInput } from "@/server/engine/run-list";
import { runDetails } from "@/server/engine/run-details";
import { selectNodeLog } from "@/server/db/node-log-query";
import { resumeAfter, runHasNode, selectRunRowLite } from "@/server/db/run-row-reads";
import { toWireEvent } from "@/server/engine/wire-event";
import type { ServerDeps } from "@/server/runtime/server-deps";
import { simulateTemplate } from "@/server/engine/simulate-template";
import { selectNodeDurations } from "@/server/db/node-duration-query";
import { SimulationDecisionsSchema, SimulationMocksSchema } from "@/lib/workflow/simulate/simulation-input";
import { compareRuns } from "@/lib/workflow/compare/compare-runs";
import { runInTurns } from "@/server/timers/run-in-turns";

const RunIdInput = z.object({ runId: z.string().min(1) });
/** What one `run.log` answer carries at most (the engine keeps 256 KiB per attempt by default). */
const MAX_LOG_ANSWER_BYTES = 1 << 20;

const RunStartInput = z.object({
  templateId: z.string().min(1).optional(),
  /** An unsaved template to run as is (the editor's "run draft"). */
  template: z.record(z.string(), z.unknown()).optional(),
  variables: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
});

const RunSimulateInput = RunStartInput.extend({
  mocks: SimulationMocksSchema.optional(),
  decisions: SimulationDecisionsSchema.optional(),
});

/** A simulation of a saved template (its history gives the estimate) or of a draft (the saved one with its template_id, if any). */
async function simulateRun(deps: ServerDeps, input: z.infer<typeof RunSimulateInput>) {
  let template;
  let templatePk: string | undefined;
  if (input.template) {
    const parsed = await runInTurns(parseTemplateInSlices(input.template));
    if (!parsed.ok) throw new DiagnosticsError("the template is not valid", parsed.diagnostics);
    template = parsed.template;
    templatePk = await selectTemplatePk(deps, template.template_id);
  } else if (input.templateId) {
    const t = await deps.library.get(input.templateId);
    template = t.template;
    templatePk = t.id;
  } else throw new TRPCError({ code: "BAD_REQUEST", message: "templateId or template is required" });
  const names = new Set(deps.secrets.list().map((s) => s.name));
  const { result } = simulateTemplate({
    template,
    variables: input.variables,
    refuseUndeclared: true,
    mocks: input.mocks,
    decisions: input.decisions,
    perRunLimit: deps.config.limits.maxParallelPerRun,
    catalog: deps.catalog,
    secretSource: (wanted) => Object.fromEntries(wanted.filter((n) => names.has(n)).map((n) => [n, ""])),
    ...(templatePk ? { history: await selectNodeDurations(deps.sql, templatePk) } : {}),
  });
  return result;
}

async function selectTemplatePk(deps: ServerDeps, templateId: string): Promise<string | undefined> {
  try {
    return (await deps.library.get(templateId)).id;
  } catch {
    return undefined;
  }
}

type StartedBy = { userId: string | null; email: string } | undefined;

/**
 * Resolves once the run is stored (with who started it), in a transaction it may share with other runs — by the
 * engine of the server that leads the runs. The children its workflow nodes call are read first (decision 052).
 */
async function startRun(
  deps: ServerDeps,
  input: z.infer<typeof RunStartInput>,
  startedBy: StartedBy,
): Promise<{ runId: string }> {
  if (input.template) {
    const parsed = await runInTurns(parseTemplateInSlices(input.template));
    if (!parsed.ok) throw new DiagnosticsError("the template is not valid", parsed.diagnostics);
    refuseWithoutProvider(deps, parsed.template);
    return deps.runs.startRunGrouped({
      template: parsed.template,
      variables: input.variables,
      refuseUndeclared: true,
      startedBy,
    });
  }
  if (!input.templateId) throw new TRPCError({ code: "BAD_REQUEST", message: "templateId or template is required" });
  const t = await deps.library.get(input.templateId);
  refuseWithoutProvider(deps, t.template);
  return deps.runs.startRunGrouped({
    template: t.template,
    variables: input.variables,
    refuseUndeclared: true,
    templatePk: t.id,
    templateVersion: t.version,
    startedBy,
  });
}

export const runRouter = createTRPCRouter({
  // Who started the run is in its row from the start: no approval of it can be decided before that is known.
  start: publicProcedure
    .input(RunStartInput)
    .mutation(({ input, ctx }) =>
      withApiErrors(() =>
        startRun(
          ctx.deps,
          input,
          ctx.caller ? { userId: ctx.caller.userId, email: ctx.caller.email } : undefined,
        ).catch(rethrowApiError),
      ),
    ),

  /** What a run would do, with nothing run or stored (docs/simulate.md); a POST for the template it may carry. */
  simulate: publicProcedure
    .input(RunSimulateInput)
    .mutation(({ input, ctx }) => withApiErrors(() => simulateRun(ctx.deps, input))),

  /** Two runs node by node: status, attempts, duration, output, and what changed. */
  compare: publicProcedure.input(z.object({ a: z.string().min(1), b: z.string().min(1) })).query(({ input, ctx }) =>
    withApiErrors(async () => {
      const [a, b] = await Promise.all(
        [input.a, input.b].map(async (runId) => {
          const details = await runDetails(ctx.deps.runStore, runId);
          if (!details) throw new RunNotFoundError(runId);
          return details.nodes;
        }),
      );
      return compareRuns(a, b);
    }),
  ),

  get: publicProcedure.input(RunIdInput).query(({ input, ctx }) =>
    withApiErrors(async () => {
      const details = await runDetails(ctx.deps.runStore, input.runId);
      if (!details) throw new RunNotFoundError(input.runId);
      return details;
    }),
  ),

  /** Newest first, a page at a time (keyset on created_at, id): `nextCursor` asks for the next page. */
  list: publicProcedure
    .input(RunListInput.optional())
    .query(({ input, ctx }) => listRunPage(ctx.deps.sql, input ?? {})),

  /** A node attempt's stored log (the latest attempt unless `attempt` is given), capped. */
  log: publicProcedure
    .input(
      z.object({
        runId: z.string().min(1),
        nodeId: z.string().min(1),
        attempt: z.number().int().min(1).optional(),
      }),
    )
    .query(({ input, ctx }) =>
      withApiErrors(async () => {
        const { sql } = ctx.deps;
        if (!(await selectRunRowLite(sql, input.runId))) throw new RunNotFoundError(input.runId);
        if (!(await runHasNode(sql, input.runId, input.nodeId)))
          throw new TRPCError({ code: "NOT_FOUND", message: `run ${input.runId} has no node ${input.nodeId}` });
        const log = await selectNodeLog(sql, input.runId, input.nodeId, input.attempt, MAX_LOG_ANSWER_BYTES);
        if (input.attempt !== undefined && input.attempt > log.attempts)
          throw new TRPCError({
            code: "NOT_FOUND",
            message: `node ${input.nodeId} has no attempt ${input.attempt} (it has ${log.attempts})`,
          });
        return log;
      }),
    ),

  cancel: publicProcedure
    .input(RunIdInput)
    .mutation(({ input, ctx }) => withApiErrors(async () => ({ ok: await ctx.deps.runs.cancel(input.runId) }))),

  rerunFrom: publicProcedure
    .input(z.object({ runId: z.string().min(1), nodeId: z.string().min(1), confirm: z.boolean().optional() }))
    .mutation(({ input, ctx }) =>
      withApiErrors(async () => {
        await ctx.deps.runs.rerunFrom(input.runId, input.nodeId, input.confirm ?? false);
        return { ok: true };
      }),
    ),

  retryFailed: publicProcedure.input(RunIdInput).mutation(({ input, ctx }) =>
    withApiErrors(async () => {
      await ctx.deps.runs.retryFailed(input.runId);
      return { ok: true };
    }),
  ),

  /** Subscribe to the bus first, replay persisted events after lastEventId, then tail. */
  onEvent: publicProcedure
    .input(
      z.object({
        runId: z.string().min(1),
        // The SSE client sends the last tracked id back as a string on reconnect.
        lastEventId: z
          .union([
            z.number().int().min(0),
            z.string().regex(/^\d{1,15}$/, "expected the id of a run event: a whole number ≥ 0"),
          ])
          .nullish(),
      }),
    )
    .subscription(async function* ({ ctx, input, signal }) {
      const last = await resumeAfter(ctx.deps.sql, input.runId, Number(input.lastEventId ?? 0));
      const events = untilAccessEnds(ctx.deps.accounts.live, ctx.caller, signal, (live) =>
        tailRunEvents(ctx.deps.runStore, ctx.deps.bus, input.runId, last, live),
      );
      for await (const e of events) yield tracked(String(e.id), toWireEvent(e));
    }),
});
