/**
 * Rows written together: what is added in one turn of the event loop goes out at the end of the turn as
 * few statements as the chunk size allows (`write` gets ≤ `chunk` items and is one statement, so atomic),
 * instead of a statement — on SQLite a WAL commit — each. `add` resolves once its item is stored. When a
 * chunk's statement fails, its items are written one by one, so an item at fault fails alone.
 */

interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export class TurnBatch<T> {
  private turn: Waiting<T>[] | undefined;

  constructor(
    private readonly write: (items: readonly T[]) => Promise<unknown>,
    private readonly chunk = 500,
  ) {}

  add(item: T): Promise<void> {
    if (!this.turn) {
      this.turn = [];
      setImmediate(() => void this.endTurn());
    }
    const turn = this.turn;
    return new Promise((resolve, reject) => turn.push({ item, resolve, reject }));
  }

  private async endTurn(): Promise<void> {
    const turn = this.turn ?? [];
    this.turn = undefined;
    for (let from = 0; from < turn.length; from += this.chunk) {
      const part = turn.slice(from, from + this.chunk);
      if (part.length === 1 || !(await this.settled(part))) for (const w of part) await this.settled([w]);
    }
  }

  /** Writes `part` in one statement and answers its callers; false (nobody answered) when it failed. */
  private async settled(part: readonly Waiting<T>[]): Promise<boolean> {
    try {
      await this.write(part.map((w) => w.item));
    } catch (err) {
      if (part.length > 1) return false;
      part[0]!.reject(err);
      return true;
    }
    for (const w of part) w.resolve();
    return true;
  }
}
