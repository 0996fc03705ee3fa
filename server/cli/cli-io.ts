/** Output sinks for commands, injectable so tests capture stdout/stderr without spawning. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

export const processIo: CliIo = {
  out: (text) => process.stdout.write(text.endsWith("\n") ? text : text + "\n"),
  err: (text) => process.stderr.write(text.endsWith("\n") ? text : text + "\n"),
};

/** Each command sets `code`; commander handles usage errors (exit 2). */
export interface CommandResult {
  code: number;
}
