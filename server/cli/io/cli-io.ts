/** Output sinks for commands, injectable so tests capture stdout/stderr without spawning. */
// A named import: a default import of a builtin makes the bundle copy the whole module at load.
import { writeSync } from "node:fs";

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

/** Descriptors whose pipe turned out non-blocking: their lines go through Node's stream, which waits for it. */
const viaStream = new Set<number>();
const guarded = new WeakSet<NodeJS.WriteStream>();

function streamOf(fd: 1 | 2): NodeJS.WriteStream {
  const stream = fd === 1 ? process.stdout : process.stderr;
  if (!guarded.has(stream)) {
    guarded.add(stream);
    stream.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "EPIPE") process.exit(process.exitCode ?? 0);
      throw err;
    });
  }
  return stream;
}

/**
 * One line to stdout (1) or stderr (2), written straight to the descriptor: what Node's stdout stream does
 * for a file, a pipe or a terminal on Linux too, but without building the stream (a few ms of each start).
 * A closed pipe (`wf validate x | head`) is not an error worth a stack trace: stop writing quietly.
 */
function writeLine(fd: 1 | 2, text: string) {
  const line = text.endsWith("\n") ? text : text + "\n";
  if (viaStream.has(fd)) {
    streamOf(fd).write(line);
    return;
  }
  const bytes = Buffer.from(line);
  let written = 0;
  try {
    while (written < bytes.length) written += writeSync(fd, bytes, written);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "EPIPE") process.exit(process.exitCode ?? 0);
    if (code !== "EAGAIN") throw err;
    viaStream.add(fd);
    streamOf(fd).write(bytes.subarray(written));
  }
}

export const processIo: CliIo = {
  out: (text) => writeLine(1, text),
  err: (text) => writeLine(2, text),
};

/** Each command sets `code`; commander handles usage errors (exit 2). */
export interface CommandResult {
  code: number;
}
