/** Test helper: polls `read` until `ok` holds (a state reached through real processes and SQLite), failing after ~10 s. */
export async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("condition not reached");
}
