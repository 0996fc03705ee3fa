/**
 * A running attempt's log lines on their way to the run's owner while the attempt runs, not only with its answer:
 * lines are gathered for `flushMs` after the first one, then sent as one numbered log part (`NodeDone.logPart`).
 * Parts and the answer after them go on the launch's own named queue, which the owner takes one job at a time in
 * order, and each send waits for the one before, so lines arrive in order, each once. An attempt that ends
 * before its first part is due sends its lines with its answer alone, on no named queue (the short node's path,
 * as before: one job).
 */
import type { RunEvent } from "@/lib/workflow/run/run-events";
import type { NodeDone } from "@/server/engine/node-jobs";
import type { AnswerBatch } from "./answer-batch";

type LogEvent = Extract<RunEvent, { type: "node.log" }>;

/** How long the first line of a part waits for more before the part is sent. */
export const LOG_PART_MS = 200;

export class LogShipper {
  private lines: LogEvent[] = [];
  private parts = 0;
  private timer: NodeJS.Timeout | undefined;
  /** The last send: the next one goes after it. */
  private sent: Promise<void> = Promise.resolve();

  constructor(
    private readonly answers: Pick<AnswerBatch, "send">,
    private readonly owner: string,
    private readonly about: Omit<NodeDone, "events" | "logPart">,
    private readonly flushMs = LOG_PART_MS,
  ) {}

  push(line: LogEvent): void {
    this.lines.push(line);
    this.timer ??= setTimeout(() => this.flush(), this.flushMs);
  }

  /** Sends the answer — the lines not sent yet, then `events` — after every part; resolves once it is stored. */
  async finish(events: RunEvent[]): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const done: NodeDone = { ...this.about, events: [...this.lines, ...events] };
    this.lines = [];
    const queue = this.parts ? this.about.launch : undefined;
    await this.sent;
    await this.answers.send(this.owner, done, { queue });
  }

  private flush(): void {
    this.timer = undefined;
    if (!this.lines.length) return;
    const logPart = ++this.parts;
    const part: NodeDone = { ...this.about, events: this.lines, logPart };
    this.lines = [];
    const { launch } = this.about;
    // A part that is never stored (the worker stops while the database is away) only loses lines the owner
    // would have shown early; the answer after it still goes.
    this.sent = this.sent
      .then(() => this.answers.send(this.owner, part, { key: `${launch}:log:${logPart}`, queue: launch }))
      .catch(() => {});
  }
}
