/** Time for the engine: the real one, or a fake that tests advance by hand. */
export interface Clock {
  now(): number;
  setTimer(at: number, fn: () => void): () => void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimer(at, fn) {
    const t = setTimeout(fn, Math.max(0, at - Date.now()));
    return () => clearTimeout(t);
  },
};
