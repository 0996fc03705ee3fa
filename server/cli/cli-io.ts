/** Output sinks for commands, injectable so tests capture stdout/stderr without spawning. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

// A closed pipe (`wf validate x | head`) is not an error worth a stack trace: stop writing quietly.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw err;
  });
}

export const processIo: CliIo = {
  out: (text) => process.stdout.write(text.endsWith("\n") ? text : text + "\n"),
  err: (text) => process.stderr.write(text.endsWith("\n") ? text : text + "\n"),
};

/** Each command sets `code`; commander handles usage errors (exit 2). */
export interface CommandResult {
  code: number;
}
