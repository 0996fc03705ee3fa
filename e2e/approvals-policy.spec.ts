import { expect, test } from "@playwright/test";
import { startTemplateRun, waitForRun } from "./run-fixtures";

test("an approval that needs two approvers stays pending after one, showing 1 of 2", async ({ page, request }) => {
  const { runId } = await startTemplateRun(
    request,
    "Two approvers",
    [
      { id: "CP", name: "sign-off", type: "checkpoint", auto_continue: false, approvals_required: 2 },
      { id: "B", name: "after", type: "shell", args_template: "echo after" },
    ],
    [{ from: "CP", to: "B" }],
  );
  await page.goto(`/runs/${encodeURIComponent(runId)}`);
  const card = page.getByTestId("approval-CP");
  await expect(card.getByTestId("approval-progress")).toContainText("0 of 2");
  await card.getByRole("textbox", { name: "Comment" }).fill("first of two");
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(card.getByTestId("approval-progress")).toContainText("1 of 2");
  await expect(page.getByTestId("decision-CP")).toContainText("first of two");
  await expect(page.getByTestId("run-status")).toHaveText("waiting");
  await expect(page.locator('.react-flow__node[data-id="CP"]')).toHaveAttribute("data-status", "waiting");
});

test("an approval that times out continues the run by its outcome, shown on its card first", async ({
  page,
  request,
}) => {
  const { runId } = await startTemplateRun(
    request,
    "Times out",
    [
      {
        id: "CP",
        name: "wait a bit",
        type: "checkpoint",
        auto_continue: false,
        approval_timeout_s: 3,
        on_timeout: "continue",
      },
      { id: "B", name: "after", type: "shell", args_template: "echo after" },
    ],
    [{ from: "CP", to: "B" }],
  );
  await page.goto(`/runs/${encodeURIComponent(runId)}`);
  await expect(page.getByTestId("approval-CP").getByTestId("approval-timeout")).toContainText(
    "the run continues as if approved",
  );
  await expect(page.getByTestId("run-status")).toHaveText("succeeded", { timeout: 15_000 });
  await expect(page.locator('.react-flow__node[data-id="B"]')).toHaveAttribute("data-status", "done");
  await expect(page.getByTestId("run-history")).toContainText("timed out");
  await waitForRun(request, runId, /^succeeded$/);
});

test("two approvers on a human task with options: after the first choice the card offers only that choice (or Reject) — every approver must agree", async ({
  page,
  request,
}) => {
  const { runId } = await startTemplateRun(
    request,
    "Agree on a release",
    [
      {
        id: "H",
        name: "release?",
        type: "human",
        prompt: "Ship it?",
        options: ["ship", "hold"],
        approvals_required: 2,
      },
      { id: "B", name: "after", type: "shell", args_template: "echo {H.output}" },
    ],
    [{ from: "H", to: "B" }],
  );
  await page.goto(`/runs/${encodeURIComponent(runId)}`);
  const card = page.getByTestId("approval-H");
  await expect(card.getByRole("button")).toHaveText(["ship", "hold", "Reject"]);
  await card.getByRole("button", { name: "ship" }).click();
  await expect(card.getByTestId("approval-progress")).toContainText("1 of 2 approvals — admin@e2e.test: ship");
  await expect(card.getByRole("button")).toHaveText(["ship", "Reject"]);
  // The same person cannot be the second approver: a typed conflict shown on the card, nothing changes.
  await card.getByRole("button", { name: "ship" }).click();
  await expect(card.getByRole("alert")).toContainText("already decided");
  await expect(page.getByTestId("run-status")).toHaveText("waiting");
});
