/**
 * `run.log`: a node attempt's stored log. Logs are the run's `node.log` events; an attempt is
 * counted by the node's `node.started` events, so attempt k's lines are those between its k-th
 * start and the next. Rows are read in id order a page at a time (never the whole history) and the text is
 * capped.
 */
import type { SqlQueries } from "./sql/sql-db";

export interface NodeLog {
  text: string;
  /** The engine cut the attempt's log at its cap, or this answer was cut at `maxBytes`. */
  truncated: boolean;
  /** The attempt shown (the latest when not asked), and how many the node had. */
  attempt: number;
  attempts: number;
  /**
   * Id of the last event of this attempt that the answer read (its `node.started` when it logged
   * nothing; 0 when the node never started): the text covers exactly the attempt's `node.log` events
   * up to this id, so a live view appends only those after it.
   */
  lastEventId: number;
  /** Which stream wrote which part of `text`, in order: consecutive chunks of one stream merged. */
  segments: { stream: string; length: number }[];
}

/** The marker the engine appends where it stopped logging an attempt (execute-node.ts). */
const ENGINE_TRUNCATION = "\n[log truncated]\n";

/** Rows read per query. */
const PAGE = 500;

/** The node's `node.started` and `node.log` events in id order, a page at a time. */
async function* logRows(sql: SqlQueries, runId: string, nodeId: string) {
  for (let after = 0; ;) {
    const page = await sql.all<{ id: number; type: string; payload: string }>(
      `select id, type, payload from run_events
       where run_id = ? and node_id = ? and type in ('node.started', 'node.log') and id > ? order by id limit ?`,
      [runId, nodeId, after, PAGE],
    );
    yield* page;
    if (page.length < PAGE) return;
    after = Number(page[page.length - 1].id);
  }
}

export async function selectNodeLog(
  sql: SqlQueries,
  runId: string,
  nodeId: string,
  attempt: number | undefined,
  maxBytes: number,
): Promise<NodeLog> {
  const parts: string[] = [];
  const segments: NodeLog["segments"] = [];
  let lastEventId = 0;
  let attempts = 0;
  let bytes = 0;
  let truncated = false;
  let latestStart = 0;
  for await (const r of logRows(sql, runId, nodeId)) {
    if (r.type === "node.started") {
      attempts++;
      // Without an attempt asked for, keep only the latest attempt's lines.
      if (attempt === undefined) {
        parts.length = 0;
        segments.length = 0;
        bytes = 0;
        truncated = false;
        latestStart = attempts;
      }
      if (attempts === (attempt ?? latestStart)) lastEventId = Number(r.id);
      continue;
    }
    const current = attempt ?? latestStart;
    if (attempts !== current) continue;
    lastEventId = Number(r.id);
    const payload = JSON.parse(r.payload) as { text?: string; stream?: string };
    const text = payload.text ?? "";
    const stream = payload.stream ?? "stdout";
    if (text.endsWith(ENGINE_TRUNCATION)) truncated = true;
    if (bytes >= maxBytes) {
      truncated = true;
      continue;
    }
    const len = Buffer.byteLength(text);
    const kept =
      bytes + len > maxBytes
        ? Buffer.from(text)
            .subarray(0, maxBytes - bytes)
            .toString("utf8")
            .replace(/\uFFFD$/, "")
        : text;
    if (kept !== text) truncated = true;
    parts.push(kept);
    const prev = segments.at(-1);
    if (prev?.stream === stream) prev.length += kept.length;
    else if (kept) segments.push({ stream, length: kept.length });
    bytes += len;
  }
  return {
    text: parts.join(""),
    truncated,
    attempt: attempt ?? attempts,
    attempts,
    lastEventId,
    segments,
  } satisfies NodeLog;
}
