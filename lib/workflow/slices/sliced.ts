/**
 * Work done in slices: a generator that yields (no value) between slices and returns its result. A
 * synchronous caller runs it to the end at once (`finish`); the engine runs the start of a large run a few
 * milliseconds per turn of the event loop, so other runs go on meanwhile (decision 056). The loops here
 * yield once every `SLICE_ITEMS` items — a slice is microseconds to a few milliseconds of work.
 */
export type Sliced<T> = Generator<void, T, void>;

export const SLICE_ITEMS = 1024;

/** True on the last item of each slice of a loop over `i` = 0, 1, 2, … (yield then). */
export const endsSlice = (i: number): boolean => (i & (SLICE_ITEMS - 1)) === SLICE_ITEMS - 1;

/** Runs sliced work to its end, synchronously. */
export function finish<T>(work: Sliced<T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}
