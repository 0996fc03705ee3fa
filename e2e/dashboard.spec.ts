import { expect, test, type Page } from "@playwright/test";
import {
  decide,
  mutate,
  pendingApproval,
  query,
  saveTemplate,
  startRun,
  waitForRun,
  savePausedTemplate,
} from "./run-fixtures";
import { controlTabVisibility } from "./support/tab-visibility";

const runsRegion = (page: Page) => page.getByRole("region", { name: "Runs", exact: true });
/** The run rows the dashboard shows (each `<li data-testid="run-<id>">`). */
const runRows = (page: Page) => runsRegion(page).locator('li[data-testid^="run-"]');
const shownIds = (page: Page) =>
  runRows(page).evaluateAll((els) => els.map((el) => el.getAttribute("data-testid")!.slice("run-".length)));

/** Counts `run.list` requests and how many are still in flight (tRPC batches name every procedure in the URL). */
function watchRunList(page: Page) {
  const seen = { sent: 0, open: 0 };
  const isList = (url: string) => new URL(url).pathname.split("/").at(-1)!.split(",").includes("run.list");
  page.on("request", (r) => {
    if (!isList(r.url())) return;
    seen.sent++;
    seen.open++;
  });
  const done = (r: { url(): string }) => {
    if (isList(r.url())) seen.open--;
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return seen;
}

/** The dashboard is live (its stream is open) and no `run.list` request is in flight. */
async function settled(page: Page, seen: { open: number }) {
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-live", "true");
  await expect.poll(() => seen.open).toBe(0);
}

test("paging: more runs than a page holds — Load more runs shows the next page, none twice, none missing, also after a run on the unloaded page changed; the template filter shows only that template's runs", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const name = `Paging ${Date.now()}`;
  const tpl = await savePausedTemplate(request, name, "true");
  const other = await saveTemplate(
    request,
    `Other ${Date.now()}`,
    [{ id: "A", name: "q", type: "shell", args_template: "true" }],
    [],
  );
  const otherRun = await startRun(request, other);
  const ids: string[] = [];
  for (let i = 0; i < 30; i++) ids.push(await startRun(request, tpl));
  for (const id of ids) await pendingApproval(request, id, "CP");
  // The server's order (newest first; runs started in the same millisecond by id).
  const { items } = await query<{ items: { id: string }[] }>(request, "run.list", { templateId: tpl, limit: 100 });
  const order = items.map((r) => r.id);

  await page.goto("/");
  await page.getByLabel("Filter runs by template").selectOption({ label: name });
  await expect(runRows(page)).toHaveCount(25);
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-live", "true");
  expect(await shownIds(page)).toEqual(order.slice(0, 25));
  expect(await shownIds(page)).not.toContain(otherRun);

  // The oldest run (on the page not loaded yet) finishes, then the newest: the newest moves live, the
  // oldest waits for its page — shown now, it would be shown twice once that page arrives.
  const [oldest, newest] = [order.at(-1)!, order[0]];
  await decide(request, oldest, "CP", "approve");
  await waitForRun(request, oldest, /^succeeded$/);
  await decide(request, newest, "CP", "approve");
  await expect(page.getByTestId("runs-succeeded").getByTestId(`run-${newest}`)).toBeVisible();
  await expect(runRows(page)).toHaveCount(25);

  await page.getByRole("button", { name: "Load more runs" }).click();
  await expect(runRows(page)).toHaveCount(30);
  await expect(page.getByRole("button", { name: "Load more runs" })).toHaveCount(0);
  const shown = await shownIds(page);
  expect(new Set(shown).size).toBe(shown.length);
  expect([...shown].sort()).toEqual([...order].sort());
  await expect(page.getByTestId("runs-succeeded").getByTestId(`run-${oldest}`)).toBeVisible();
  // Newest first within each group.
  const waiting = await page
    .getByTestId("runs-waiting")
    .locator('li[data-testid^="run-"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute("data-testid")!.slice("run-".length)));
  expect(waiting).toEqual(order.slice(1, -1));

  // Leave nothing waiting for the specs after this one.
  for (const id of order.slice(1, -1)) await mutate(request, "run.cancel", { runId: id });
});

test("runs by state move live as a run waits and finishes, with no run.list request while waiting on those events; the status filter drops a run that leaves it", async ({
  page,
  request,
}) => {
  const name = `Live list ${Date.now()}`;
  const tpl = await saveTemplate(
    request,
    name,
    [
      { id: "CP", name: "sign-off", type: "checkpoint", auto_continue: false },
      { id: "B", name: "after", type: "shell", args_template: "echo after" },
    ],
    [{ from: "CP", to: "B" }],
  );
  const seen = watchRunList(page);
  await page.goto("/");
  await page.getByLabel("Filter runs by template").selectOption({ label: name });
  await expect(runsRegion(page)).toContainText("No run matches these filters.");
  await settled(page, seen);
  const before = seen.sent;

  const first = await startRun(request, tpl);
  await expect(page.getByTestId("runs-waiting").getByTestId(`run-${first}`)).toBeVisible();
  await decide(request, first, "CP", "approve");
  await expect(page.getByTestId("runs-succeeded").getByTestId(`run-${first}`)).toBeVisible();
  await expect(page.getByTestId("runs-waiting").getByTestId(`run-${first}`)).toHaveCount(0);
  expect(seen.sent, "run.list was requested again while the list was live").toBe(before);

  // The status filter reads the list once, then follows it live: a waiting run comes, an approved one goes.
  await page.getByLabel("Filter runs by status").selectOption("waiting");
  await expect(runsRegion(page)).toContainText("No run matches these filters.");
  await settled(page, seen);
  const filtered = seen.sent;
  const second = await startRun(request, tpl);
  await expect(runRows(page)).toHaveCount(1);
  await expect(page.getByTestId(`run-${second}`)).toContainText("waiting");
  await decide(request, second, "CP", "approve");
  await expect(runRows(page)).toHaveCount(0);
  await waitForRun(request, second, /^succeeded$/);
  expect(seen.sent).toBe(filtered);
});

test("the Pending approvals count is in the header on every page and changes live", async ({ page, request }) => {
  const tpl = await saveTemplate(
    request,
    `Count ${Date.now()}`,
    [{ id: "CP", name: "wait", type: "checkpoint", auto_continue: false }],
    [],
  );
  const first = await startRun(request, tpl);
  await pendingApproval(request, first, "CP");
  for (const path of ["/", "/templates", "/compose", `/runs/${first}`, "/settings"]) {
    await page.goto(path);
    await expect(page.getByLabel("Pending approvals")).toBeVisible();
    await expect(page.getByLabel("Pending approvals")).not.toHaveAttribute("data-count", "0");
  }

  await page.goto("/templates");
  const count = page.getByLabel("Pending approvals");
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-live", "true");
  const n = Number(await count.getAttribute("data-count"));
  const second = await startRun(request, tpl);
  await expect(count).toHaveAttribute("data-count", String(n + 1));
  await expect(count).toContainText(String(n + 1));
  await decide(request, second, "CP", "approve");
  await decide(request, first, "CP", "approve");
  await expect(count).toHaveAttribute("data-count", String(n - 1));
});

test("recent templates: the newest saved first, a handful, and a link to the whole library", async ({
  page,
  request,
}) => {
  const name = `Recent ${Date.now()}`;
  await saveTemplate(request, name, [{ id: "A", name: "a", type: "shell", args_template: "true" }], []);
  await page.goto("/");
  const recent = page.getByRole("region", { name: "Recent templates" });
  await expect(recent.getByTestId("template-card").first()).toContainText(name);
  expect(await recent.getByTestId("template-card").count()).toBeLessThanOrEqual(6);
  await recent.getByRole("link", { name: /All \d+ templates in the library/ }).click();
  await expect(page).toHaveURL(/\/templates$/);
  await expect(page.getByRole("heading", { level: 1, name: "Templates" })).toBeVisible();
});

test("a dashboard back from the background shows the runs that started and changed while its stream was closed", async ({
  page,
  request,
}) => {
  const setHidden = await controlTabVisibility(page);
  const name = `Away ${Date.now()}`;
  const tpl = await savePausedTemplate(request, name, "echo after");
  const done = await startRun(request, tpl);
  await page.goto("/");
  await page.getByLabel("Filter runs by template").selectOption({ label: name });
  await expect(page.getByTestId("runs-waiting").getByTestId(`run-${done}`)).toBeVisible();
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-live", "true");

  await setHidden(true);
  await expect(page.getByTestId("live-indicator")).toHaveText("Paused", { timeout: 15_000 });
  // Nothing is pushed now: one run finishes, another starts and waits.
  await decide(request, done, "CP", "approve");
  await waitForRun(request, done, /^succeeded$/);
  const waiting = await startRun(request, tpl);
  await pendingApproval(request, waiting, "CP");

  await setHidden(false);
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-live", "true");
  await expect(page.getByTestId("runs-succeeded").getByTestId(`run-${done}`)).toBeVisible();
  await expect(page.getByTestId("runs-waiting").getByTestId(`run-${waiting}`)).toBeVisible();
  await expect(runRows(page)).toHaveCount(2);
  await mutate(request, "run.cancel", { runId: waiting });
});
