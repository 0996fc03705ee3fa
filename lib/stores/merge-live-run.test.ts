import { describe, expect, it } from "vitest";
import { mergeLiveRun, type RunPages } from "./merge-live-run";

interface R {
  id: string;
  createdAt: number;
  lastEventId: number;
  status: string;
}

const run = (n: number, status = "running", lastEventId = 1): R => ({
  id: `run_${String(n).padStart(3, "0")}`,
  createdAt: n,
  lastEventId,
  status,
});

/** Pages of `size` from runs n..1 (newest first); the last page has a cursor when `more`. */
function pagesOf(from: number, to: number, size: number, more: boolean): RunPages<R> {
  const all: R[] = [];
  for (let n = from; n >= to; n--) all.push(run(n));
  const pages: RunPages<R>["pages"] = [];
  for (let i = 0; i < all.length; i += size) pages.push({ items: all.slice(i, i + size), nextCursor: "c" });
  if (!more) delete pages[pages.length - 1].nextCursor;
  return { pages, pageParams: pages.map((_, i) => i) };
}

const ids = (d: RunPages<R> | undefined) => d!.pages.flatMap((p) => p.items.map((r) => r.id));
const all = () => true;

describe("mergeLiveRun", () => {
  it("puts a new run in front and replaces a shown one in place", () => {
    const d = pagesOf(10, 6, 5, true);
    expect(ids(mergeLiveRun(d, run(11), all))[0]).toBe("run_011");
    const changed = mergeLiveRun(d, run(8, "succeeded", 2), all);
    expect(ids(changed)).toEqual(ids(d));
    expect(changed!.pages[0].items[2].status).toBe("succeeded");
  });

  it("keeps a shown run that the list read after the push (a later event id)", () => {
    const d = pagesOf(10, 6, 5, true);
    d.pages[0].items[2] = run(8, "succeeded", 9);
    expect(mergeLiveRun(d, run(8, "waiting", 4), all)!.pages[0].items[2].status).toBe("succeeded");
    expect(mergeLiveRun(d, run(8, "running", 12), all)!.pages[0].items[2].status).toBe("running");
  });

  it("removes a shown run that no longer fits the filter", () => {
    const d = pagesOf(10, 6, 5, true);
    const out = mergeLiveRun(d, run(8, "succeeded", 2), (r) => r.status === "running");
    expect(ids(out)).not.toContain("run_008");
  });

  it("puts a run that starts to fit at its place by (createdAt, id), across pages", () => {
    const d = pagesOf(10, 1, 3, false);
    d.pages[1].items = d.pages[1].items.filter((r) => r.id !== "run_006");
    const out = mergeLiveRun(d, run(6), all);
    expect(ids(out)).toEqual(ids(pagesOf(10, 1, 3, false)));
  });

  it("leaves a run older than the loaded pages to the page that will hold it (no duplicate later)", () => {
    const d = pagesOf(10, 6, 5, true);
    expect(mergeLiveRun(d, run(3), all)).toBe(d);
  });

  it("appends an older run when every page is loaded", () => {
    const d = pagesOf(10, 6, 5, false);
    expect(ids(mergeLiveRun(d, run(3), all)).at(-1)).toBe("run_003");
  });

  it("orders runs created in the same millisecond by id, like the server", () => {
    const d: RunPages<R> = { pages: [{ items: [run(5), run(3)] }], pageParams: [0] };
    const twin = { id: "run_004", createdAt: 5, lastEventId: 1, status: "running" };
    expect(ids(mergeLiveRun(d, twin, all))).toEqual(["run_005", "run_004", "run_003"]);
  });
});
