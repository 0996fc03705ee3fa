/** Output sinks for commands, injectable so tests capture stdout/stderr without spawning. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

const guarded = new WeakSet<NodeJS.WriteStream>();

/**
 * One line to `stream`. A closed pipe (`wf validate x | head`) is not an error worth a stack trace: stop
 * writing quietly. The guard goes on at a stream's first line, not at import: Node creates process.stdout
 * and process.stderr when they are first read, a few ms each of a start, and most commands never use stderr.
 */
function writeLine(stream: NodeJS.WriteStream, text: string) {
  if (!guarded.has(stream)) {
    guarded.add(stream);
    stream.on("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "EPIPE") process.exit(process.exitCode ?? 0);
      throw err;
    });
  }
  stream.write(text.endsWith("\n") ? text : text + "\n");
}

export const processIo: CliIo = {
  out: (text) => writeLine(process.stdout, text),
  err: (text) => writeLine(process.stderr, text),
};

/** Each command sets `code`; commander handles usage errors (exit 2). */
export interface CommandResult {
  code: number;
}
