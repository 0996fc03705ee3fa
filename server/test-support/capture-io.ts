/** Test helper: a CliIo that records what a command prints, line by line. */
import type { CliIo } from "@/server/cli/io/cli-io";

export type CapturedIo = CliIo & { stdout: string[]; stderr: string[] };

export function captureIo(): CapturedIo {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t) };
}
