import { expect, test } from "@playwright/test";

test("a template opens from the library in the editor with its canvas, variables, versions and text views", async ({
  page,
}) => {
  await page.goto("/templates");
  await page.getByRole("link", { name: "Deploy with a gate", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Deploy with a gate" })).toBeVisible();
  const canvas = page.getByTestId("workflow-canvas");
  await expect(canvas.getByTestId("node-G-001")).toBeVisible();
  await expect(canvas.locator('.react-flow__node[data-id="G-001"]')).toHaveAttribute("data-type", "gate");
  // Gate branches are edge labels on the canvas.
  await expect(canvas.locator(".react-flow__edge").filter({ hasText: "production" })).toHaveCount(1);
  const inspector = page.getByRole("region", { name: "Inspector" });
  await expect(inspector.getByRole("textbox", { name: "name of variable env" })).toHaveValue("env");
  await expect(page.getByRole("button", { name: "v1" })).toBeVisible();

  await page.getByRole("tab", { name: "ASCII" }).click();
  await expect(page.getByTestId("export-ascii")).toContainText("Pipeline: Deploy with a gate");
  await page.getByRole("tab", { name: "Mermaid" }).click();
  await expect(page.getByRole("textbox", { name: "Mermaid source" })).toHaveValue(/G-001/);
  // The mermaid library itself renders the diagram.
  await expect(page.getByTestId("mermaid-svg").locator("svg")).toBeVisible();
});
