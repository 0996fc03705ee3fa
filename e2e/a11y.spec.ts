/**
 * Accessibility: axe-core (injected from node_modules, as `@axe-core/playwright` needs a newer Node)
 * finds no serious or critical violation on any page, in the light and the dark colour scheme.
 */
import { expect, test } from "@playwright/test";
import { seriousViolations } from "./support/axe";
import { saveTemplate, startRun, waitForRun } from "./run-fixtures";

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`${colorScheme} colour scheme`, () => {
    test.use({ viewport: { width: 1280, height: 720 }, colorScheme });

    test("no serious or critical axe violation on any signed-in page", async ({ page, request }) => {
      const id = await saveTemplate(
        request,
        "Accessible",
        [
          { id: "A", name: "First", type: "shell", args_template: "echo a" },
          { id: "G", name: "Ship?", type: "gate", condition: "true" },
          { id: "B", name: "Ship", type: "shell", args_template: "echo b" },
          { id: "C", name: "Hold", type: "shell", args_template: "echo c" },
        ],
        [
          { from: "A", to: "G" },
          { from: "G", to: "B", label: "true" },
          { from: "G", to: "C", label: "false" },
        ],
      );
      const runId = await startRun(request, id);
      await waitForRun(request, runId, /succeeded|failed/);
      for (const [url, ready] of [
        ["/", page.getByRole("heading", { level: 1 })],
        ["/templates", page.getByTestId("template-card").first()],
        ["/compose", page.getByRole("textbox", { name: "Describe the workflow" })],
        [`/templates/${id}`, page.locator('.react-flow__node[data-id="A"]')],
        [`/runs/${runId}`, page.getByTestId("run-status")],
        ["/settings", page.getByRole("heading", { level: 1 })],
      ] as const) {
        await page.goto(url);
        await expect(ready).toBeVisible();
        expect(await seriousViolations(page), url).toEqual([]);
      }
      // With a node selected (the inspector's node fields) and the creator open.
      await page.goto(`/templates/${id}`);
      await page.locator('.react-flow__node[data-id="G"]').click({ position: { x: 12, y: 8 } });
      await expect(page.getByRole("region", { name: "Inspector" }).locator('[data-node-id="G"]')).toBeVisible();
      await page.keyboard.press("/");
      await expect(page.getByRole("dialog", { name: "Add a node" })).toBeVisible();
      expect(await seriousViolations(page), "editor with the creator open").toEqual([]);
    });

    test("no serious or critical axe violation on the sign-in page", async ({ browser }) => {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 720 },
        colorScheme,
        storageState: { cookies: [], origins: [] },
      });
      const page = await context.newPage();
      await page.goto("/login");
      await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
      expect(await seriousViolations(page), "/login").toEqual([]);
      await context.close();
    });
  });
}
