/**
 * graphile-worker's logger for our processes: its errors and warnings as one line each on our log (a job that
 * failed, a lost connection), nothing of its info and debug chatter (every start, stop and job).
 */
import { Logger } from "graphile-worker";

export function quietGraphileLogger(log: (line: string) => void): Logger {
  return new Logger(() => (level, message) => {
    if (level === "error" || level === "warning") log(`job queue: ${message}`);
  });
}
