/**
 * One node's log as lines, appended chunk by chunk from `node.log` events. Mutable on purpose: a
 * 100k-line log copied on every chunk would cost more than the whole page; the run store bumps a
 * version number instead, and the virtualised list reads the lines by index.
 */
export type LogStream = "stdout" | "stderr" | "engine";

export interface LogLine {
  text: string;
  stream: LogStream;
  /** The node attempt that wrote it (1-based). */
  attempt: number;
  /** Id of the event that ended (or last extended) the line. */
  eventId: number;
}

export class RunLogBuffer {
  readonly lines: LogLine[] = [];
  /** The last line has no newline yet; the next chunk of the same stream and attempt continues it. */
  private open = false;

  append(text: string, stream: LogStream, attempt: number, eventId: number): void {
    if (!text) return;
    const parts = text.split("\n");
    const last = this.lines[this.lines.length - 1];
    let i = 0;
    if (this.open && last && last.stream === stream && last.attempt === attempt) {
      last.text += parts[0];
      last.eventId = eventId;
      i = 1;
      this.open = parts.length === 1;
      if (parts.length === 1) return;
    }
    // A chunk ending with "\n" splits into a trailing empty part: the line is closed, nothing opens.
    for (; i < parts.length; i++) {
      const isLast = i === parts.length - 1;
      if (isLast && parts[i] === "") {
        this.open = false;
        return;
      }
      this.lines.push({ text: parts[i], stream, attempt, eventId });
      this.open = isLast;
    }
  }

  /** The log as one text (copy button, tests). */
  text(): string {
    return this.lines.map((l) => l.text).join("\n");
  }
}
