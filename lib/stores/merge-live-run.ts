/**
 * A live `run` message applied to the dashboard's loaded `run.list` pages (newest first by
 * `(createdAt, id)`, like the server). A run already shown is replaced, or removed when it no longer
 * fits the filters; a run not shown is put at its place in the order — but only inside the range
 * already loaded: a run older than the last loaded one belongs to a page not fetched yet, and adding
 * it now would show it twice once that page arrives. A shown run with a later event than the pushed
 * one (the list was read after the push) stays as it is.
 */
export interface ListedRun {
  id: string;
  createdAt: number;
  lastEventId: number;
}

export interface RunPages<R extends ListedRun> {
  pages: { items: R[]; nextCursor?: string }[];
  pageParams: unknown[];
}

/** Newer first: by createdAt, then id, both descending (the server's `order by`). */
function newer(a: ListedRun, b: ListedRun): boolean {
  return a.createdAt !== b.createdAt ? a.createdAt > b.createdAt : a.id > b.id;
}

export function mergeLiveRun<R extends ListedRun, D extends RunPages<R>>(
  data: D | undefined,
  run: R,
  fits: (r: R) => boolean,
): D | undefined {
  if (!data) return data;
  let found = false;
  const pages = data.pages.map((p) => {
    const shown = p.items.find((r) => r.id === run.id);
    if (!shown) return p;
    found = true;
    if (shown.lastEventId > run.lastEventId) return p;
    return { ...p, items: p.items.flatMap((r) => (r.id !== run.id ? [r] : fits(run) ? [{ ...r, ...run }] : [])) };
  });
  if (found || !fits(run)) return found ? { ...data, pages } : data;
  const more = pages.at(-1)?.nextCursor !== undefined;
  for (let p = 0; p < pages.length; p++) {
    const at = pages[p].items.findIndex((r) => newer(run, r));
    if (at < 0) continue;
    const items = [...pages[p].items];
    items.splice(at, 0, run);
    pages[p] = { ...pages[p], items };
    return { ...data, pages };
  }
  // Older than everything loaded: it is on a later page unless every page is loaded.
  if (more || pages.length === 0) return data;
  const last = pages.length - 1;
  pages[last] = { ...pages[last], items: [...pages[last].items, run] };
  return { ...data, pages };
}
