import { expect, test } from "@playwright/test";
import { canvasStatuses, getRun, startTemplateRun, waitForRun } from "./run-fixtures";

test("a failing node with a retry shows both attempts in the node panel and the timeline", async ({
  page,
  request,
}) => {
  const { runId } = await startTemplateRun(
    request,
    "Retry once",
    [
      {
        id: "FLAKY",
        name: "flaky",
        type: "shell",
        // Fails the first time (no marker yet), succeeds the second.
        args_template: "if [ -f marker ]; then echo second try; else touch marker; echo first try >&2; exit 3; fi",
        on_fail: "retry",
        retries: 1,
      },
    ],
    [],
  );
  await page.goto(`/runs/${encodeURIComponent(runId)}`);
  await expect(page.getByTestId("run-status")).toHaveText("succeeded", { timeout: 20_000 });
  await page.locator('.react-flow__node[data-id="FLAKY"]').click();
  await expect(page.getByTestId("attempt-FLAKY-1")).toContainText("failed");
  await expect(page.getByTestId("attempt-FLAKY-1")).toContainText("3");
  await expect(page.getByTestId("attempt-FLAKY-2")).toContainText("done");
  await expect(page.getByTestId("timeline-FLAKY-1")).toHaveAttribute("data-status", "failed");
  await expect(page.getByTestId("timeline-FLAKY-2")).toHaveAttribute("data-status", "done");
  await expect(page.getByTestId("log-FLAKY")).toContainText("second try");
});

test("reject fails the run by its policy", async ({ page, request }) => {
  const { runId } = await startTemplateRun(
    request,
    "Reject me",
    [
      { id: "A", name: "prepare", type: "shell", args_template: "echo ready" },
      { id: "CP", name: "review", type: "checkpoint", auto_continue: false, on_fail: "abort" },
      { id: "B", name: "ship", type: "shell", args_template: "echo shipped" },
    ],
    [
      { from: "A", to: "CP" },
      { from: "CP", to: "B" },
    ],
  );
  await page.goto(`/runs/${encodeURIComponent(runId)}`);
  const card = page.getByTestId("approval-CP");
  await card.getByRole("textbox", { name: "Comment" }).fill("not this week");
  await card.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByTestId("run-status")).toHaveText("failed", { timeout: 15_000 });
  await expect(page.locator('.react-flow__node[data-id="CP"]')).toHaveAttribute("data-status", "failed");
  await expect(page.locator('.react-flow__node[data-id="B"]')).not.toHaveAttribute("data-status", "done");
  await expect(page.getByTestId("decision-CP")).toContainText("not this week");
  expect((await getRun(request, runId)).run.status).toBe("failed");
});

test("replay: at the start every node is pending, at the end as stored", async ({ page, request }) => {
  const { runId } = await startTemplateRun(
    request,
    "Replay me",
    [
      { id: "A", name: "one", type: "shell", args_template: "echo one" },
      { id: "B", name: "two", type: "shell", args_template: "echo two" },
    ],
    [{ from: "A", to: "B" }],
  );
  await waitForRun(request, runId, /^succeeded$/);
  await page.goto(`/runs/${encodeURIComponent(runId)}`);
  const slider = page.getByRole("slider", { name: "Replay" });
  await expect(slider).toBeVisible();
  // Opening a finished run replays its history: no "finished" toast for what happened before.
  await expect(page.getByRole("status").filter({ hasText: "Replay me" })).toHaveCount(0);
  await slider.fill("0");
  await expect(page.getByTestId("run-status")).toHaveText("pending");
  expect(Object.values(await canvasStatuses(page))).toEqual(["pending", "pending"]);
  const max = await slider.getAttribute("max");
  await slider.fill(max!);
  await expect(page.getByTestId("run-status")).toHaveText("succeeded");
  expect(await canvasStatuses(page)).toEqual({ A: "done", B: "done" });
});

test("re-run from a node asks first, listing the finished nodes downstream, then runs them again", async ({
  page,
  request,
}) => {
  const { runId } = await startTemplateRun(
    request,
    "Re-run me",
    [
      { id: "A", name: "first", type: "shell", args_template: "echo first" },
      { id: "B", name: "second", type: "shell", args_template: "echo second" },
    ],
    [{ from: "A", to: "B" }],
  );
  await waitForRun(request, runId, /^succeeded$/);
  await page.goto(`/runs/${encodeURIComponent(runId)}`);
  await expect(page.getByTestId("run-status")).toHaveText("succeeded");
  await page.locator('.react-flow__node[data-id="A"]').click();
  await page.getByRole("button", { name: "Re-run from here" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Re-run from here?" });
  await expect(confirm).toContainText("B");
  await confirm.getByRole("button", { name: "Re-run them" }).click();
  // The finished page watches the run again, from the last event it applied.
  await expect(page.getByTestId("attempt-A-2")).toContainText("done", { timeout: 15_000 });
  await expect(page.getByTestId("run-status")).toHaveText("succeeded");
  const stored = await waitForRun(request, runId, /^succeeded$/);
  await expect
    .poll(async () => Number(await page.getByTestId("applied-events").getAttribute("data-applied-count")))
    .toBe(stored.run.lastEventId);
  // The engine counts attempts afresh after a re-run; the page keeps every attempt it saw.
  expect(stored.nodes.map((n) => [n.id, n.status])).toEqual([
    ["A", "done"],
    ["B", "done"],
  ]);
  expect(await canvasStatuses(page)).toEqual({ A: "done", B: "done" });
});
