/**
 * Run commands across web servers (decision 055): on the server that leads the runs (`serve-leadership.ts`) they
 * go to its engine; on any other they become a `wf_run_command` job in the database's job queue (graphile-worker,
 * one attempt, keyed by the command's id), which the leader's runner takes and carries out on its engine. The
 * answer — the command's result, or its error by name with the fields the API maps (diagnostics, …) — comes
 * back by `NOTIFY wf_run_command_answers` to the server that asked. A command nobody takes within `timeoutMs`
 * is taken back out of the queue and refused (no server leads the runs at the moment: the leader stopped and
 * no other has taken over yet); one taken but not answered in time may still take effect, and says so; one
 * taken after its deadline (its server stopped waiting) is dropped, never carried out late. The leader's own
 * commands go to its engine only once it has resumed its runs; until then they wait in the queue too.
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

const CommandSchema = z.object({
  id: z.string(),
  name: z.enum(NAMES),
  args: z.array(z.unknown()),
  /** When the server that asked stops waiting (ms since epoch): a command taken later is refused, not run. */
  until: z.number(),
});

const AnswerSchema = z.object({
  id: z.string(),
  ok: z.boolean(),
  value: z.unknown().optional(),
  /** The error's name, message and own fields (diagnostics, finishedDownstream, kind, code, …). */
  error: z.record(z.string(), z.unknown()).optional(),
});
type Answer = z.infer<typeof AnswerSchema>;

/**
 * A command that could not be carried out by the leader (`untaken`: nothing was done; API 503), or not known to
 * be (`unanswered`: API 504).
 */
export class RunRelayError extends Error {
  constructor(
    message: string,
    readonly unanswered: "untaken" | "unanswered",
  ) {
    super(message);
    this.name = "RunRelayError";
  }
}

const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v));

/**
 * The error as fields that cross the wire, within a notice: a long list of diagnostics is cut (and says so), and an
 * error still too long goes as its name and the start of its message.
 */
function errorFields(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { name: "Error", message: String(err).slice(0, 2000) };
  const fields: Record<string, unknown> = { ...err, name: err.name, message: err.message.slice(0, 2000) };
  const diagnostics = fields.diagnostics;
  if (Array.isArray(diagnostics)) {
    let kept = diagnostics.length;
    while (kept > 1 && bytes({ ...fields, diagnostics: diagnostics.slice(0, kept) }) > MAX_ANSWER - 300)
      kept = Math.floor(kept / 2);
    if (kept < diagnostics.length)
      fields.diagnostics = [
        ...diagnostics.slice(0, kept),
        { severity: "error", code: "RUN000", message: `… and ${diagnostics.length - kept} more problems` },
      ];
  }
  return bytes(fields) > MAX_ANSWER - 200 ? { name: err.name, message: err.message.slice(0, 1000) } : fields;
}

function errorFrom(fields: Record<string, unknown>): Error {
  const err = new Error(String(fields.message ?? "the leading server refused the command"));
  Object.assign(err, fields);
  return err;
}

export interface RunCommandRelay {
  readonly commands: RunCommands;
  /** The leader's half: take the commands (the other servers' and its own), once its runs are resumed. */
  serve(): Promise<void>;
  /** Takes no more commands; those under way finish (before the engine stops). */
  stopServing(): Promise<void>;
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
  let closed = false;

  const timedOut = async (id: string): Promise<never> => {
    // Removed if nobody took it (no attempt yet); one taken is only kept from running again; none: it ran and ended.
    const { rows } = await o.pool.query<{ id: string | null; attempts: number | null }>(
      "select (j).id, (j).attempts from graphile_worker.remove_job($1) as j",
      [id],
    );
    const row = rows[0];
    if (row && row.id !== null && row.attempts === 0)
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
        JSON.stringify({ id, name, args, until: Date.now() + o.timeoutMs }),
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
    // Nobody waits for it any more (its server gave up, or stopped): refused, never carried out late.
    if (Date.now() > command.until) return;
    let answer: Answer;
    try {
      const method = o.local()[command.name] as (...args: unknown[]) => Promise<unknown>;
      answer = { id: command.id, ok: true, value: await method(...command.args) };
    } catch (err) {
      answer = { id: command.id, ok: false, error: errorFields(err) };
    }
    // Done either way: a notice that cannot be sent leaves the asking server to time out and say so (504).
    await o.pool
      .query("select pg_notify($1, $2)", [ANSWERS_CHANNEL, JSON.stringify(answer)])
      .catch((err: unknown) => o.log(`wf: could not answer a relayed run command (${(err as Error).message})`));
  };

  // From `serve()` on — once this server leads and has resumed its runs — commands go to its engine; before,
  // even on the leader, they wait in the queue for its runner (a run is never commanded before it is resumed).
  let serving = false;
  const pick =
    <K extends RunCommandName>(name: K) =>
    (...args: Parameters<RunCommands[K]>): ReturnType<RunCommands[K]> => {
      if (serving && o.leadership.leading)
        return (o.local()[name] as (...a: unknown[]) => ReturnType<RunCommands[K]>)(...args);
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
      if (closed) return;
      runner = await run({
        pgPool: o.pool,
        concurrency: 4,
        noHandleSignals: true,
        logger: quietGraphileLogger(o.log),
        taskList: { [RUN_COMMAND_TASK]: carryOut },
      });
      serving = true;
    },
    async stopServing() {
      serving = false;
      const r = runner;
      runner = undefined;
      await r?.stop();
    },
    async close() {
      closed = true;
      serving = false;
      await runner?.stop();
      runner = undefined;
      await answers.close();
    },
  };
}
