/**
 * A value now or later: the SQLite store answers synchronously (its fast path), the PostgreSQL store with
 * promises. The engine is written once over both with these two helpers.
 */
export type MaybePromise<T> = T | Promise<T>;

export function isPromise<T>(v: MaybePromise<T>): v is Promise<T> {
  return typeof (v as { then?: unknown } | null)?.then === "function";
}

/** `f(v)` now when `v` is a value, after it when `v` is a promise. */
export function andThen<T, U>(v: MaybePromise<T>, f: (t: T) => MaybePromise<U>): MaybePromise<U> {
  return isPromise(v) ? v.then(f) : f(v);
}
