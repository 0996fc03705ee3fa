/** Types of job-runner.mjs (plain JavaScript: the spawner helper runs it without a compiler). */
export interface Job {
  argv: readonly string[];
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  stdin?: string;
  /** Run inside bubblewrap with these arguments; `prepare`: keep one more such sandbox ready. */
  sandbox?: { bwrap: string; args: readonly string[]; prepare: boolean };
}

export type JobEvent =
  | { ev: "spawned"; pid: number }
  | { ev: "data"; stream: "stdout" | "stderr"; buf: Buffer }
  | { ev: "exit"; code: number | null; signal: NodeJS.Signals | null }
  | { ev: "error"; message: string };

export interface JobRunner {
  run(job: Job, report: (e: JobEvent) => void): void;
  dispose(): void;
}

export function createJobRunner(): JobRunner;
