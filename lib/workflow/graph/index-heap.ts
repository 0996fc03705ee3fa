/** A binary min-heap of node indexes (the ready set), so ties break by node order in O(log n). */
export function createIndexHeap() {
  const heap: number[] = [];
  return {
    get size() {
      return heap.length;
    },
    push(value: number) {
      heap.push(value);
      let i = heap.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (heap[parent] <= value) break;
        heap[i] = heap[parent];
        i = parent;
      }
      heap[i] = value;
    },
    pop(): number {
      const top = heap[0];
      const last = heap.pop() as number;
      if (heap.length > 0) {
        let i = 0;
        for (;;) {
          const l = 2 * i + 1;
          if (l >= heap.length) break;
          const c = l + 1 < heap.length && heap[l + 1] < heap[l] ? l + 1 : l;
          if (heap[c] >= last) break;
          heap[i] = heap[c];
          i = c;
        }
        heap[i] = last;
      }
      return top;
    },
  };
}
