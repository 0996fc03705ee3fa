import { expect, test, type Page } from "@playwright/test";
import { canvasStatuses, getRun, mutate, query, startTemplateRun, waitForRun } from "./run-fixtures";
import { controlTabVisibility } from "./support/tab-visibility";

/** What the page says it applied: the last id and how many (ids start at 1 with no gap, so equal = none lost). */
async function applied(page: Page) {
  const el = page.getByTestId("applied-events");
  return {
    last: Number(await el.getAttribute("data-applied-event-id")),
    count: Number(await el.getAttribute("data-applied-count")),
  };
}

const steps = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `S${i + 1}`,
    name: `step ${i + 1}`,
    type: "shell",
    args_template: `for k in 1 2 3; do echo step ${i + 1} line $k; sleep 0.1; done`,
  }));
const chain = (n: number) => Array.from({ length: n - 1 }, (_, i) => ({ from: `S${i + 1}`, to: `S${i + 2}` }));

test("the first subscription fails, the stream drops mid-run: the page retries, resumes and ends as run.get", async ({
  page,
  request,
}) => {
  // The first two live.watch requests fail: the page must retry (with backoff), not stay stale.
  let refused = 0;
  const watches: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/trpc/live.watch")) watches.push(r.url());
  });
  await page.route("**/api/trpc/live.watch**", async (route) => {
    if (refused < 2) {
      refused++;
      return route.abort("connectionreset");
    }
    return route.continue();
  });
  // Chromium's offline emulation leaves an open SSE response alone, so the page's live EventSources
  // are recorded and the test aborts the one in flight (close() ends the HTTP request; the error
  // event is what the browser fires when a stream breaks).
  await page.addInitScript(() => {
    const Native = window.EventSource;
    const open: EventSource[] = [];
    Object.assign(window, {
      __dropLive: () => {
        for (const es of open.splice(0)) {
          if (es.readyState === Native.CLOSED) continue;
          es.close();
          es.dispatchEvent(new Event("error"));
        }
      },
    });
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        if (String(url).includes("live.watch")) open.push(this);
      }
    };
  });
  const { runId } = await startTemplateRun(request, "Resume me", steps(8), chain(8));
  await page.goto(`/runs/${encodeURIComponent(runId)}`);
  await expect.poll(async () => (await applied(page)).last, { timeout: 15_000 }).toBeGreaterThan(3);
  expect(refused).toBe(2);

  // Drop the connection mid-run, then bring it back.
  const before = watches.length;
  await expect(page.getByTestId("run-status")).toHaveText("running");
  await page.evaluate(() => (window as unknown as { __dropLive(): void }).__dropLive());
  // It resubscribed, after the last event it had applied.
  await expect.poll(() => watches.length).toBeGreaterThan(before);
  await expect
    .poll(() => watches.slice(before).map(decodeURIComponent).join("\n"))
    .toMatch(new RegExp(`"runId":"${runId}","afterEventId":[1-9]`));

  await expect(page.getByTestId("run-status")).toHaveText("succeeded", { timeout: 25_000 });
  const stored = await waitForRun(request, runId, /^succeeded$/);
  await expect.poll(async () => (await applied(page)).last).toBe(stored.run.lastEventId);
  expect((await applied(page)).count).toBe(stored.run.lastEventId);
  const shown = await canvasStatuses(page);
  expect(Object.fromEntries(stored.nodes.map((n) => [n.id, shown[n.id]]))).toEqual(
    Object.fromEntries(stored.nodes.map((n) => [n.id, n.status])),
  );
});

test("approving while events stream loses no event: the applied ids are the stored ones", async ({ page, request }) => {
  const { runId } = await startTemplateRun(
    request,
    "Approve while streaming",
    [
      {
        id: "LOG",
        name: "chatty",
        type: "shell",
        args_template: "for i in $(seq 1 300); do echo line $i; sleep 0.01; done",
      },
      { id: "CP", name: "go on?", type: "checkpoint", auto_continue: false },
      { id: "END", name: "end", type: "shell", args_template: "echo end" },
    ],
    [
      { from: "LOG", to: "END" },
      { from: "CP", to: "END" },
    ],
  );
  await page.goto(`/runs/${encodeURIComponent(runId)}`);
  const card = page.getByTestId("approval-CP");
  // Approve while the log still streams.
  await expect(page.locator('.react-flow__node[data-id="LOG"]')).toHaveAttribute("data-status", "running");
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("run-status")).toHaveText("succeeded", { timeout: 25_000 });
  const stored = await getRun(request, runId);
  await expect.poll(async () => (await applied(page)).last).toBe(stored.run.lastEventId);
  expect((await applied(page)).count).toBe(stored.run.lastEventId);
  await page.locator('.react-flow__node[data-id="LOG"]').click();
  await expect(page.getByTestId("log-LOG-count")).toHaveText("300 lines");
});

test("one live stream per tab: a finished run's subscription ends while the header count stays live; a tab in the background closes its stream and resumes in front", async ({
  page,
  request,
}) => {
  // The page's live EventSources are recorded (open = not closed); the tab's visibility can be switched.
  const setHidden = await controlTabVisibility(page);
  await page.addInitScript(() => {
    const Native = window.EventSource;
    const made: EventSource[] = [];
    Object.assign(window, {
      __liveOpen: () => made.filter((es) => es.readyState !== Native.CLOSED).map((es) => decodeURIComponent(es.url)),
    });
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        if (String(url).includes("live.watch")) made.push(this);
      }
    };
  });
  const liveOpen = () => page.evaluate(() => (window as unknown as { __liveOpen(): string[] }).__liveOpen());

  const { runId } = await startTemplateRun(
    request,
    "One stream",
    [
      { id: "A", name: "prepare", type: "shell", args_template: "echo ready" },
      { id: "CP", name: "review", type: "checkpoint", auto_continue: false },
      { id: "B", name: "ship", type: "shell", args_template: "echo shipped" },
    ],
    [
      { from: "A", to: "CP" },
      { from: "CP", to: "B" },
    ],
  );
  await page.goto(`/runs/${encodeURIComponent(runId)}`);
  await expect(page.getByTestId("run-status")).toHaveText("waiting", { timeout: 15_000 });
  // While the run is live: one stream, for the run and the header's count together.
  await expect.poll(liveOpen).toHaveLength(1);
  expect((await liveOpen())[0]).toContain(`"runId":"${runId}"`);
  expect((await liveOpen())[0]).toContain('"approvals":true');
  let pending: { id: string }[] = [];
  await expect
    .poll(
      async () =>
        (pending = (await query<{ items: { id: string }[] }>(request, "approval.list", { runId, status: "pending" }))
          .items).length,
    )
    .toBe(1);
  await mutate(request, "approval.decide", { approvalId: pending[0].id, decision: "approve" });
  await expect(page.getByTestId("run-status")).toHaveText("succeeded", { timeout: 15_000 });
  // Finished and caught up: the run's subscription is dropped; the count (live on every page) keeps one stream.
  await expect.poll(async () => (await liveOpen()).map((u) => u.includes(runId))).toEqual([false]);
  expect((await liveOpen())[0]).toContain('"approvals":true');

  // In the background past the grace period: no stream at all; in front again: one, live.
  await setHidden(true);
  await expect.poll(liveOpen, { timeout: 15_000 }).toEqual([]);
  await expect(page.getByTestId("live-indicator")).toHaveText("Paused");
  await setHidden(false);
  await expect.poll(liveOpen).toHaveLength(1);
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-live", "true");
});
