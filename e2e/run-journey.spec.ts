import { expect, test } from "@playwright/test";

test("run a template from the browser: form from its variables, live canvas, approve the pause, succeed", async ({
  page,
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
  await expect(page.getByTestId("run-status")).toHaveText("waiting", { timeout: 15_000 });
  await expect(page.getByTestId("node-N-001")).toHaveAttribute("data-status", "done");
  await expect(page.getByTestId("node-CP-01")).toHaveAttribute("data-status", "waiting");
  // The header counts what waits for a person (other specs may have left runs waiting too).
  await expect(page.getByLabel("Pending approvals")).not.toHaveAttribute("data-count", "0");

  const approval = page.getByTestId("approval-CP-01");
  await approval.getByRole("textbox", { name: "Comment" }).fill("plan looks right");
  await approval.getByRole("button", { name: "Approve" }).click();

  await expect(page.getByTestId("run-status")).toHaveText("succeeded", { timeout: 15_000 });
  await expect(page.getByTestId("node-N-004")).toHaveAttribute("data-status", "done");
  await page.getByRole("button", { name: "N-001" }).click();
  await expect(page.getByTestId("log-N-001")).toContainText("Goal: dark mode");

  await page.getByRole("link", { name: "Dashboard" }).first().click();
  await expect(page.getByTestId("runs-succeeded")).toContainText("Feature pipeline");
});
