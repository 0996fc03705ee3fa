/**
 * What one PostgreSQL notification on `wf_run_events` says (./pg-event-bus.ts): bus `busId` published run
 * `runId`'s events `firstId`…`lastId` — `<busId>:<runId>:<firstId>:<lastId>`. The events themselves stay in
 * `run_events`; a listener reads them, so a payload is a few dozen bytes whatever the events hold.
 */

export const RUN_EVENTS_CHANNEL = "wf_run_events";

/** PostgreSQL refuses payloads of 8000 bytes or more; a notice longer than this is not sent. */
export const MAX_NOTICE_BYTES = 7900;

export interface RunEventNotice {
  busId: string;
  runId: string;
  firstId: number;
  lastId: number;
}

export function formatNotice(n: RunEventNotice): string {
  return `${n.busId}:${n.runId}:${n.firstId}:${n.lastId}`;
}

/** The notice in `payload`, or undefined when it is not one (a bus id has no `:`; a run id may). */
export function parseNotice(payload: string | undefined): RunEventNotice | undefined {
  const m = payload === undefined ? null : /^([^:]+):(.+):(\d+):(\d+)$/.exec(payload);
  if (!m) return undefined;
  const firstId = Number(m[3]);
  const lastId = Number(m[4]);
  if (!Number.isSafeInteger(lastId) || firstId < 1 || firstId > lastId) return undefined;
  return { busId: m[1], runId: m[2], firstId, lastId };
}
