/**
 * What one web server tells the others of the same PostgreSQL database (decision 055), by `NOTIFY wf_changes`: it
 * wrote the secrets or the saved agent providers (each server reads those from its own copy: they reload it),
 * a trigger was created, changed or deleted (the leader's scheduler re-reads it), a trigger fired (the dashboards' next fires move on, a refused webhook call raises its toast everywhere), or
 * an access ended — a logout, a disabled user, a changed role or password, a revoked token — whose live streams
 * must end on every server, not only where it was ended. A server ignores its own notices. Notices sent while a
 * server cannot listen are missed by it; it reloads its copies when it listens again.
 */
import type pg from "pg";
import * as z from "zod";
import { FireNoticeSchema } from "@/lib/triggers/trigger-schema";
import { ListenConnection } from "@/server/engine/pg-listen-connection";

const CHANNEL = "wf_changes";

const NoticeSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("secrets") }),
  z.object({ kind: z.literal("providers") }),
  z.object({ kind: z.literal("fire"), fire: FireNoticeSchema }),
  z.object({ kind: z.literal("trigger"), id: z.string() }),
  z.object({
    kind: z.literal("access"),
    sessionId: z.string().optional(),
    tokenId: z.string().optional(),
    userId: z.string().optional(),
  }),
]);
export type ChangeNotice = z.infer<typeof NoticeSchema>;

export interface ChangeNotices {
  send(notice: ChangeNotice): void;
  close(): Promise<void>;
}

export interface ChangeNoticesOptions {
  pool: pg.Pool;
  /** This server's own id: its notices come back to it and are ignored. */
  serverId: string;
  applicationName: string;
  /** Another server's notice (or, with `resync`, none: listening again after a break). */
  onNotice(notice: ChangeNotice): void;
  /** Listening again after a break: notices may have been missed. */
  onResync(): void;
  log(line: string): void;
}

export async function listenForChanges(o: ChangeNoticesOptions): Promise<ChangeNotices> {
  let listened = false;
  const connection = new ListenConnection({
    pool: o.pool,
    channel: CHANNEL,
    applicationName: o.applicationName,
    name: "wf settings and access notices",
    peers: "the other web servers",
    log: o.log,
    onNotice: (payload) => {
      const raw = JSON.parse(payload ?? "null") as { from?: unknown } | null;
      if (!raw || raw.from === o.serverId) return;
      const notice = NoticeSchema.safeParse(raw);
      if (notice.success) o.onNotice(notice.data);
    },
    onListening: () => {
      if (listened) o.onResync();
      listened = true;
    },
  });
  await connection.ready;
  return {
    send(notice) {
      o.pool
        .query("select pg_notify($1, $2)", [CHANNEL, JSON.stringify({ ...notice, from: o.serverId })])
        .catch((err: unknown) => o.log(`wf: could not tell the other servers (${(err as Error).message})`));
    },
    close: () => connection.close(),
  };
}
