/**
 * `run.log`: a node attempt's stored log. Logs are the run's `node.log` events; an attempt is
 * counted by the node's `node.started` events, so attempt k's lines are those between its k-th
 * start and the next. Rows are read in id order with an iterator (one at a time, never the whole
 * history) and the text is capped.
 */
import type { Db } from "./open-database";

export interface NodeLog {
  text: string;
  /** The engine cut the attempt's log at its cap, or this answer was cut at `maxBytes`. */
  truncated: boolean;
  /** The attempt shown (the latest when not asked), and how many the node had. */
  attempt: number;
  attempts: number;
}

/** The marker the engine appends where it stopped logging an attempt (execute-node.ts). */
const ENGINE_TRUNCATION = "\n[log truncated]\n";

export function selectNodeLog(db: Db, runId: string, nodeId: string, attempt: number | undefined, maxBytes: number) {
  const rows = db.$client
    .prepare(
      `select type, payload from run_events where run_id = ? and node_id = ? and type in ('node.started', 'node.log')
       order by id`,
    )
    .iterate(runId, nodeId) as IterableIterator<{ type: string; payload: string }>;
  const parts: string[] = [];
  let attempts = 0;
  let bytes = 0;
  let truncated = false;
  let latestStart = 0;
  for (const r of rows) {
    if (r.type === "node.started") {
      attempts++;
      // Without an attempt asked for, keep only the latest attempt's lines.
      if (attempt === undefined) {
        parts.length = 0;
        bytes = 0;
        truncated = false;
        latestStart = attempts;
      }
      continue;
    }
    const current = attempt ?? latestStart;
    if (attempts !== current) continue;
    const text = (JSON.parse(r.payload) as { text?: string }).text ?? "";
    if (text.endsWith(ENGINE_TRUNCATION)) truncated = true;
    if (bytes >= maxBytes) {
      truncated = true;
      continue;
    }
    const len = Buffer.byteLength(text);
    if (bytes + len > maxBytes) {
      parts.push(
        Buffer.from(text)
          .subarray(0, maxBytes - bytes)
          .toString("utf8")
          .replace(/\uFFFD$/, ""),
      );
      truncated = true;
    } else parts.push(text);
    bytes += len;
  }
  return { text: parts.join(""), truncated, attempt: attempt ?? attempts, attempts } satisfies NodeLog;
}
