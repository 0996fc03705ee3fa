/**
 * A small table read synchronously where the engine needs it (a run's secrets at its start, the agent providers
 * when an agent node runs), over the asynchronous SQL seam: an in-memory copy of its rows, loaded when built,
 * reloaded after each write its store makes (and, with several servers, when another one says it wrote). Reads
 * are the copy; writes go to the database first. The tables it serves hold tens of rows.
 */
import type { SqlDb } from "./sql-db";

export class MirroredRows<R> {
  private copy: R[] = [];
  private loading: Promise<void> | undefined;
  private again = false;

  /**
   * `select` reads every row, in the order `rows()` gives them; `map` turns a raw row into `R`; `announce` tells
   * the other servers of the database that this one wrote (they `refresh`).
   */
  constructor(
    private readonly sql: SqlDb,
    private readonly select: string,
    private readonly map: (raw: Record<string, unknown>) => R,
    private readonly announce?: () => void,
  ) {
    void this.refresh().catch(() => {}); // a failure here shows on the next refresh someone awaits
  }

  /** The rows as last loaded. */
  rows(): readonly R[] {
    return this.copy;
  }

  /** After its store wrote: the copy reloaded, and the other servers told. */
  async wrote(): Promise<void> {
    try {
      await this.refresh();
    } finally {
      // The write is in the database whatever this copy's reload did.
      this.announce?.();
    }
  }

  /**
   * Loads the rows again; resolves once a load that began after this call has ended (a refresh asked for while
   * one is under way runs once more after it, so a write just made is always in the copy it resolves with).
   */
  refresh(): Promise<void> {
    if (this.loading) {
      this.again = true;
      return this.loading;
    }
    this.loading = (async () => {
      try {
        do {
          this.again = false;
          this.copy = (await this.sql.all<Record<string, unknown>>(this.select)).map(this.map);
        } while (this.again);
      } finally {
        this.loading = undefined;
      }
    })();
    return this.loading;
  }
}
