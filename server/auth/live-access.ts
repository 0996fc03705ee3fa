/**
 * Open live streams end when the access they were opened with ends: at logout (that session), on a
 * role change (every stream of that user, whose sessions are deleted in the same step), when a token
 * is revoked, and when a session expires. Without this an SSE stream checked once at connect time
 * would keep delivering run events to a caller the server no longer accepts. The client reconnects
 * and is checked again (a 401 or 403 then, or the same stream again if the new roles still allow it).
 * One registry per server, built with its accounts (`accounts.live`) and handed down: the stores that end an access
 * and the streams that watch for it share it (a module-level map would be one per bundle of the Next server). In
 * one process (docs/decisions/032-one-access-table-one-middleware.md); the servers of one PostgreSQL database tell
 * each other (`announce`, decision 055).
 */
import type { Caller } from "./caller";

function keysOf(caller: Caller): string[] {
  const keys: string[] = [];
  if (caller.sessionId) keys.push(`session:${caller.sessionId}`);
  if (caller.tokenId) keys.push(`token:${caller.tokenId}`);
  if (caller.userId) keys.push(`user:${caller.userId}`);
  return keys;
}

/** Whose access ended: a session, a token, or every credential of a user. */
export interface EndedAccess {
  sessionId?: string;
  tokenId?: string;
  userId?: string;
}

export class LiveAccess {
  /** Registered streams by credential key; each entry ends its stream and unregisters it. */
  private readonly streams = new Map<string, Set<() => void>>();

  /** `announce`: tells the database's other servers that an access ended (they `endHere`). */
  constructor(private readonly announce?: (who: EndedAccess) => void) {}

  /**
   * A signal for one stream: aborts when `signal` does (the client went away) or when the caller's
   * access ends. Leaves nothing registered once either happens.
   */
  signal(caller: Caller | null, signal: AbortSignal): AbortSignal {
    const controller = new AbortController();
    const keys = caller ? keysOf(caller) : [];
    const expiresIn = caller?.expiresAt ? caller.expiresAt - Date.now() : undefined;
    // setTimeout's longest delay is about 24.8 days; a longer session is checked again at reconnect.
    const expiry =
      expiresIn !== undefined && expiresIn < 2 ** 31 - 1 ? setTimeout(() => end(), Math.max(0, expiresIn)) : undefined;
    const end = () => {
      clearTimeout(expiry);
      signal.removeEventListener("abort", end);
      for (const key of keys) {
        const set = this.streams.get(key);
        set?.delete(end);
        if (set?.size === 0) this.streams.delete(key);
      }
      controller.abort();
    };
    if (signal.aborted) {
      end();
      return controller.signal;
    }
    signal.addEventListener("abort", end, { once: true });
    for (const key of keys) {
      let set = this.streams.get(key);
      if (!set) this.streams.set(key, (set = new Set()));
      set.add(end);
    }
    return controller.signal;
  }

  /** Ends the live streams opened by a session, a token, or any credential of a user — here and on the other servers. */
  end(who: EndedAccess): void {
    this.endHere(who);
    this.announce?.(who);
  }

  /** Ends those streams on this server only (another server said the access ended). */
  endHere(who: EndedAccess): void {
    const keys = [
      who.sessionId && `session:${who.sessionId}`,
      who.tokenId && `token:${who.tokenId}`,
      who.userId && `user:${who.userId}`,
    ];
    for (const key of keys) {
      if (!key) continue;
      for (const end of [...(this.streams.get(key) ?? [])]) end();
    }
  }

  /** Ends every live stream on this server (notices of ended access may have been missed: each is checked again). */
  endAll(): void {
    for (const end of new Set([...this.streams.values()].flatMap((set) => [...set]))) end();
  }

  /** Streams currently registered (a leak check for tests). */
  streamCount(): number {
    return new Set([...this.streams.values()].flatMap((set) => [...set])).size;
  }
}
