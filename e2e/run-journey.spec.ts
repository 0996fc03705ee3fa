import { expect, test } from "@playwright/test";
import { canvasStatuses, getRun } from "./run-fixtures";

test("run from the form with a variable, approve the pause from the inbox with a comment, every node done, summary and decision in history; a reload shows the logs", async ({
  page,
  request,
}) => {
  await page.goto("/templates");
  await page.getByRole("link", { name: "Feature pipeline", exact: true }).click();
  await page.getByRole("button", { name: "Run…" }).click();
  const form = page.getByRole("form", { name: "Run this template" });
  // `goal` is required: the form will not start without it.
  await expect(form.getByRole("button", { name: "Start run" })).toBeDisabled();
  await form.getByRole("textbox", { name: /goal/ }).fill("dark mode");
  await form.getByRole("button", { name: "Start run" }).click();

  await expect(page).toHaveURL(/\/runs\/run_/);
  const runId = decodeURIComponent(page.url().split("/runs/")[1]);
  await expect(page.getByTestId("run-status")).toHaveText("waiting", { timeout: 15_000 });
  await expect(page.locator('.react-flow__node[data-id="N-001"]')).toHaveAttribute("data-status", "done");
  await expect(page.locator('.react-flow__node[data-id="CP-01"]')).toHaveAttribute("data-status", "waiting");
  // The header counts what waits for a person (other specs may have left runs waiting too).
  await expect(page.getByLabel("Pending approvals")).not.toHaveAttribute("data-count", "0");

  // The checkpoint is in the dashboard's inbox; approve it there with a comment.
  await page.getByRole("link", { name: "Dashboard" }).first().click();
  const card = page.getByTestId("approval-CP-01").filter({ has: page.getByRole("link", { name: `run ${runId}` }) });
  await card.getByRole("textbox", { name: "Comment" }).fill("plan looks right");
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(card).toHaveCount(0);

  await page.goto(`/runs/${encodeURIComponent(runId)}`);
  await expect(page.getByTestId("run-status")).toHaveText("succeeded", { timeout: 15_000 });
  const stored = await getRun(request, runId);
  const shown = await canvasStatuses(page);
  for (const n of stored.nodes.filter((n) => !n.id.includes(".iter_"))) expect(shown[n.id]).toBe("done");
  await expect(page.getByTestId("run-summary")).toContainText("Playbook run complete: Feature pipeline");
  await expect(page.getByTestId("run-summary")).toContainText("All tasks completed successfully");
  await expect(page.getByTestId("decision-CP-01")).toContainText("approve");
  await expect(page.getByTestId("decision-CP-01")).toContainText("plan looks right");

  // A reload rebuilds everything from the stored events: the log is all there.
  await page.reload();
  await expect(page.getByTestId("run-status")).toHaveText("succeeded");
  await page.locator('.react-flow__node[data-id="N-001"]').click();
  await expect(page.getByTestId("log-N-001")).toContainText("Goal: dark mode");
  await expect(page.getByTestId("attempt-N-001-1")).toContainText("done");

  await page.getByRole("link", { name: "Dashboard" }).first().click();
  await expect(page.getByTestId("runs-succeeded")).toContainText("Feature pipeline");
});
