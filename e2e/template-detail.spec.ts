import { expect, test } from "@playwright/test";

test("a template opens from the library with its canvas, variables, versions and exports", async ({ page }) => {
  await page.goto("/templates");
  await page.getByRole("link", { name: "Deploy with a gate" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Deploy with a gate" })).toBeVisible();
  const canvas = page.getByTestId("workflow-canvas");
  await expect(canvas.getByTestId("node-G-001")).toBeVisible();
  await expect(canvas.getByTestId("node-N-004")).toBeVisible();
  await expect(page.getByRole("cell", { name: "env", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "v1" })).toBeVisible();

  await page.getByRole("tab", { name: "ASCII" }).click();
  await expect(page.getByTestId("export-ascii")).toContainText("Pipeline: Deploy with a gate");
  await page.getByRole("tab", { name: "Mermaid" }).click();
  await expect(page.getByTestId("export-mermaid")).toContainText("G-001");
  await page.getByRole("tab", { name: "Diagram" }).click();
  // The mermaid library itself renders the exported text.
  await expect(page.getByTestId("mermaid-svg").locator("svg")).toBeVisible();
});
