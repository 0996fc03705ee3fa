/** docs/cli.md: 0 ok, 1 invalid input or run failed, 2 usage or unreadable file, 3 waiting for a person. */
export const EXIT = { ok: 0, invalid: 1, usage: 2, waiting: 3 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Thrown by commands for an expected failure: printed as one line on stderr, never a stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode = EXIT.invalid,
  ) {
    super(message);
    this.name = "CliError";
  }
}
