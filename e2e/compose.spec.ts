import { expect, test } from "@playwright/test";
import { nodeIds, watchConsole } from "./support/canvas";

// The editor is a desktop tool: a laptop-sized window.
test.use({ viewport: { width: 1440, height: 900 } });

test("describe a workflow → the DAG on the canvas with checkpoints → save → the library finds it by a word of its description", async ({
  page,
}) => {
  const consoleErrors = watchConsole(page);
  await page.goto("/compose");
  await page
    .getByRole("textbox", { name: "Describe the workflow" })
    .fill("plan the feature, then implement it and write docs in parallel, run the tests, pause so I can review");
  await page.getByRole("button", { name: "Describe", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Checkpoints injected" })).toBeVisible();
  await page.getByRole("dialog", { name: "Checkpoints injected" }).getByRole("button", { name: "Close" }).click();
  await expect.poll(async () => (await nodeIds(page)).length).toBeGreaterThanOrEqual(4);
  await expect(page.getByRole("list", { name: "Assumptions" })).toBeVisible();

  // Give it a description with a word nobody else uses, then save.
  const inspector = page.getByRole("region", { name: "Inspector" });
  await page.locator(".react-flow__pane").click({ position: { x: 10, y: 10 } });
  await inspector.getByRole("textbox", { name: "description", exact: true }).fill("Ships the zebrafish feature");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(/\/templates\/tpl_/);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Templates" }).click();
  await page.getByLabel("Search templates").fill("zebrafish");
  await expect(page.getByTestId("template-card")).toHaveCount(1);
  consoleErrors.expectNone();
});

test("import pasted Mermaid: an error names its line and column and changes nothing; fixed, the nodes appear", async ({
  page,
}) => {
  await page.goto("/compose");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const box = page.getByRole("region", { name: "Import a workflow" });
  await box.getByRole("textbox", { name: "Workflow text" }).fill("flowchart TD\n  A[Start] --> B{Ship?\n");
  await box.getByRole("button", { name: "Load into the editor" }).click();
  await expect(box.getByRole("alert")).toContainText(/\b2:\d+/);
  expect(await nodeIds(page)).toEqual([]);
  await box.getByRole("textbox", { name: "Workflow text" }).fill("flowchart TD\n  A[Start] --> B[Ship]\n");
  await box.getByRole("button", { name: "Load into the editor" }).click();
  await expect.poll(() => nodeIds(page)).toEqual(["A", "B"]);
});

test("an unsaved design survives a reload (kept in this browser) and can be discarded", async ({ page }) => {
  page.on("dialog", (d) => void d.accept()); // the unsaved-changes question on reload
  await page.goto("/compose");
  await page.getByRole("button", { name: "Add gate node" }).click();
  await page.getByRole("button", { name: "Add human node" }).click();
  await expect.poll(() => nodeIds(page)).toEqual(["G-001", "H-001"]);
  await expect(page.getByText("Unsaved changes")).toBeVisible();
  // The local copy is written after a short pause; wait for it rather than for time.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("wf-draft:new")?.includes("H-001") ?? false))
    .toBe(true);
  await page.reload();
  await expect.poll(() => nodeIds(page)).toEqual(["G-001", "H-001"]);
  await expect(page.getByRole("status").filter({ hasText: "Restored your unsaved changes" })).toBeVisible();
  await page.getByRole("button", { name: "Discard them" }).click();
  await expect.poll(() => nodeIds(page)).toEqual([]);
});
