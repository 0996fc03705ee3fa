/**
 * Run commands across web servers (decision 055): on the server that leads the runs (`serve-leadership.ts`) they
 * go to its engine; on any other they become a `wf_run_command` job in the database's job queue (graphile-worker,
 * one attempt, keyed by the command's id), which the leader's runner takes and carries out on its engine. The
 * answer — the command's result, or its error by name with the fields the API maps (diagnostics, …) — comes
 * back by `NOTIFY wf_run_command_answers` to the server that asked. A command nobody takes within `timeoutMs`
 * is taken back out of the queue and refused (no server leads the runs at the moment: the leader stopped and
 * no other has taken over yet); one taken but not answered in time may still take effect, and says so.
 */
import { randomUUID } from "node:crypto";
import { run, type Runner } from "graphile-worker";
import type pg from "pg";
import * as z from "zod";
import { ListenConnection } from "@/server/engine/pg-listen-connection";
import { quietGraphileLogger } from "@/server/engine/quiet-graphile-logger";
import type { RunCommandName, RunCommands } from "@/server/engine/run-commands";
import type { Leadership } from "./serve-leadership";

export const RUN_COMMAND_TASK = "wf_run_command";
const ANSWERS_CHANNEL = "wf_run_command_answers";
/** NOTIFY payloads stay under PostgreSQL's 8,000 bytes. */
const MAX_ANSWER = 7900;

const NAMES = ["startRunGrouped", "cancel", "decide", "rerunFrom", "retryFailed"] as const satisfies RunCommandName[];

const CommandSchema = z.object({ id: z.string(), name: z.enum(NAMES), args: z.array(z.unknown()) });

const AnswerSchema = z.object({
  id: z.string(),
  ok: z.boolean(),
  value: z.unknown().optional(),
  /** The error's name, message and own fields (diagnostics, finishedDownstream, kind, code, …). */
  error: z.record(z.string(), z.unknown()).optional(),
});
type Answer = z.infer<typeof AnswerSchema>;

/** A command that could not be carried out by the leader, or not known to be: the API answers 503 / 504. */
export class RunRelayError extends Error {
  constructor(
    message: string,
    readonly unanswered: "untaken" | "unanswered",
  ) {
    super(message);
    this.name = "RunRelayError";
  }
}

/** The error as fields that cross the wire; a long list of diagnostics is cut to fit a notice. */
function errorFields(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { name: "Error", message: String(err) };
  const fields: Record<string, unknown> = { ...err, name: err.name, message: err.message.slice(0, 2000) };
  const diagnostics = fields.diagnostics;
  if (Array.isArray(diagnostics)) {
    let kept = diagnostics.length;
    while (kept > 1 && JSON.stringify({ ...fields, diagnostics: diagnostics.slice(0, kept) }).length > MAX_ANSWER - 200)
      kept = Math.floor(kept / 2);
    if (kept < diagnostics.length)
      fields.diagnostics = [
        ...diagnostics.slice(0, kept),
        { severity: "error", code: "RUN000", message: `… and ${diagnostics.length - kept} more problems` },
      ];
  }
  return fields;
}

function errorFrom(fields: Record<string, unknown>): Error {
  const err = new Error(String(fields.message ?? "the leading server refused the command"));
  Object.assign(err, fields);
  return err;
}

export interface RunCommandRelay {
  readonly commands: RunCommands;
  /** The leader's half: take the other servers' commands (from when this server leads). */
  serve(): Promise<void>;
  close(): Promise<void>;
}

export interface RunCommandRelayOptions {
  pool: pg.Pool;
  /** This server's own commands (its engine's), once built. */
  local: () => RunCommands;
  leadership: Leadership;
  timeoutMs: number;
  applicationName: string;
  log(line: string): void;
}

export async function createRunCommandRelay(o: RunCommandRelayOptions): Promise<RunCommandRelay> {
  const pending = new Map<string, (a: Answer) => void>();
  const answers = new ListenConnection({
    pool: o.pool,
    channel: ANSWERS_CHANNEL,
    applicationName: o.applicationName,
    name: "wf run commands",
    peers: "the leading server's answers",
    log: o.log,
    onNotice: (payload) => {
      const answer = AnswerSchema.safeParse(JSON.parse(payload ?? "null"));
      if (answer.success) pending.get(answer.data.id)?.(answer.data);
    },
    onListening: () => {},
  });
  await answers.ready;
  let runner: Runner | undefined;

  const timedOut = async (id: string): Promise<never> => {
    // Removed if nobody took it; a job taken (locked) is only kept from running again; none: it ran and ended.
    const { rows } = await o.pool.query<{ id: string | null; locked_at: Date | null }>(
      "select (j).id, (j).locked_at from graphile_worker.remove_job($1) as j",
      [id],
    );
    const row = rows[0];
    if (row && row.id !== null && row.locked_at === null)
      throw new RunRelayError(
        "no web server leads the runs at the moment (the one that did stopped, and another has not taken over yet): try again in a few seconds",
        "untaken",
      );
    throw new RunRelayError(
      "the web server that leads the runs took the command but did not answer in time: it may still take effect; look at the run before trying again",
      "unanswered",
    );
  };

  const forward = async (name: RunCommandName, args: unknown[]): Promise<unknown> => {
    const id = randomUUID();
    const answer = new Promise<Answer | undefined>((resolve) => {
      const timer = setTimeout(() => resolve(undefined), o.timeoutMs);
      pending.set(id, (a) => {
        clearTimeout(timer);
        resolve(a);
      });
    });
    try {
      await o.pool.query("select graphile_worker.add_job($1, $2::json, job_key := $3, max_attempts := 1)", [
        RUN_COMMAND_TASK,
        JSON.stringify({ id, name, args }),
        id,
      ]);
      const a = (await answer) ?? (await timedOut(id));
      if (!a.ok) throw errorFrom(a.error ?? {});
      return a.value;
    } finally {
      pending.delete(id);
    }
  };

  const carryOut = async (payload: unknown) => {
    const command = CommandSchema.parse(payload);
    let answer: Answer;
    try {
      const method = o.local()[command.name] as (...args: unknown[]) => Promise<unknown>;
      answer = { id: command.id, ok: true, value: await method(...command.args) };
    } catch (err) {
      answer = { id: command.id, ok: false, error: errorFields(err) };
    }
    await o.pool.query("select pg_notify($1, $2)", [ANSWERS_CHANNEL, JSON.stringify(answer)]);
  };

  const pick =
    <K extends RunCommandName>(name: K) =>
    (...args: Parameters<RunCommands[K]>): ReturnType<RunCommands[K]> => {
      if (o.leadership.leading) return (o.local()[name] as (...a: unknown[]) => ReturnType<RunCommands[K]>)(...args);
      return forward(name, args) as ReturnType<RunCommands[K]>;
    };

  return {
    commands: {
      startRunGrouped: pick("startRunGrouped"),
      cancel: pick("cancel"),
      decide: pick("decide"),
      rerunFrom: pick("rerunFrom"),
      retryFailed: pick("retryFailed"),
    },
    async serve() {
      runner = await run({
        pgPool: o.pool,
        concurrency: 4,
        noHandleSignals: true,
        logger: quietGraphileLogger(o.log),
        taskList: { [RUN_COMMAND_TASK]: carryOut },
      });
    },
    async close() {
      await runner?.stop();
      runner = undefined;
      await answers.close();
    },
  };
}
