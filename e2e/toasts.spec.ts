import { expect, test, type Page } from "@playwright/test";
import { decide, pendingApproval, saveTemplate, startRun, waitForRun, savePausedTemplate } from "./run-fixtures";

const toasts = (page: Page) => page.getByRole("region", { name: "Notifications" }).getByRole("status");

/** A run that waits at CP1, then works a moment, waits at CP2, then ends by `last`'s exit. */
function twoPauses(request: Parameters<typeof saveTemplate>[0], name: string, last: string) {
  return saveTemplate(
    request,
    name,
    [
      { id: "CP1", name: "first look", type: "checkpoint", auto_continue: false },
      { id: "W", name: "work", type: "shell", args_template: "sleep 0.3" },
      { id: "CP2", name: "second look", type: "checkpoint", auto_continue: false },
      { id: "E", name: "end", type: "shell", args_template: last },
    ],
    [
      { from: "CP1", to: "W" },
      { from: "W", to: "CP2" },
      { from: "CP2", to: "E" },
    ],
  );
}

test("watching a run: a toast when it needs you and when it succeeds, naming it and linking to it; each goes away", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const name = `Toasty ${Date.now()}`;
  const runId = await startRun(request, await twoPauses(request, name, "echo fine"));
  await pendingApproval(request, runId, "CP1");
  await page.goto(`/runs/${encodeURIComponent(runId)}`);
  await expect(page.getByTestId("run-status")).toHaveText("waiting");
  // Opening a run that already waits replays its history: nothing new, no toast.
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-live", "true");
  await expect(toasts(page)).toHaveCount(0);

  await decide(request, runId, "CP1", "approve");
  const needs = toasts(page).filter({ hasText: `${name} needs you` });
  await expect(needs).toHaveCount(1);
  await expect(needs.getByRole("link", { name: `${name} needs you` })).toHaveAttribute(
    "href",
    `/runs/${encodeURIComponent(runId)}`,
  );
  // Dismissed by its button.
  await needs.getByRole("button", { name: "Dismiss" }).click();
  await expect(needs).toHaveCount(0);

  await decide(request, runId, "CP2", "approve");
  const finished = toasts(page).filter({ hasText: `${name} succeeded` });
  await expect(finished).toHaveCount(1);
  await expect(finished.getByRole("link")).toHaveAttribute("href", `/runs/${encodeURIComponent(runId)}`);
  // It leaves by itself after a few seconds.
  await expect(finished).toHaveCount(0, { timeout: 15_000 });

  // A reload replays the finished run's events: no toast again.
  await page.reload();
  await expect(page.getByTestId("run-status")).toHaveText("succeeded");
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-live", "true");
  await expect(toasts(page)).toHaveCount(0);
});

test("watching a run that fails: a danger toast naming it; runs nobody watches raise none", async ({
  page,
  request,
}) => {
  const name = `Breaks ${Date.now()}`;
  const runId = await startRun(request, await twoPauses(request, name, "exit 3"));
  const quiet = `Unwatched ${Date.now()}`;
  const quietTpl = await savePausedTemplate(request, quiet, "exit 1");
  await pendingApproval(request, runId, "CP1");
  await page.goto(`/runs/${encodeURIComponent(runId)}`);
  await expect(page.getByTestId("run-status")).toHaveText("waiting");
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-live", "true");
  const count = page.getByLabel("Pending approvals");
  const before = Number(await count.getAttribute("data-count"));

  // Another run asks for a person and then fails while this page watches only its own run.
  const other = await startRun(request, quietTpl);
  await expect(count).toHaveAttribute("data-count", String(before + 1));
  await decide(request, other, "CP", "approve");
  await waitForRun(request, other, /^failed$/);
  await expect(count).toHaveAttribute("data-count", String(before));
  await expect(toasts(page)).toHaveCount(0);

  await decide(request, runId, "CP1", "approve");
  await expect(toasts(page).filter({ hasText: `${name} needs you` })).toHaveCount(1);
  await decide(request, runId, "CP2", "approve");
  const failed = toasts(page).filter({ hasText: `${name} failed` });
  await expect(failed).toHaveCount(1);
  await expect(failed).toHaveAttribute("data-tone", "danger");
  await expect(toasts(page).filter({ hasText: quiet })).toHaveCount(0);
});

test("the dashboard raises no toast for runs it lists: it is not watching them", async ({ page, request }) => {
  const name = `Listed ${Date.now()}`;
  const tpl = await savePausedTemplate(request, name, "echo ok");
  await page.goto("/");
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-live", "true");
  const runId = await startRun(request, tpl);
  await expect(page.getByTestId("runs-waiting").getByTestId(`run-${runId}`)).toBeVisible();
  await pendingApproval(request, runId, "CP");
  await expect(
    page.getByTestId(`approval-CP`).filter({ hasText: runId }),
    "the dashboard's inbox lists the approval the API has",
  ).toBeVisible();
  await decide(request, runId, "CP", "approve");
  await expect(page.getByTestId("runs-succeeded").getByTestId(`run-${runId}`)).toBeVisible();
  await expect(toasts(page)).toHaveCount(0);
});
