import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { query } from "./run-fixtures";
import { watchConsole } from "./support/canvas";
import { shoot } from "./support/screenshots";

test.use({ viewport: { width: 1440, height: 900 } });

const node = (page: Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);

async function openGateExample(page: Page) {
  await page.goto("/templates");
  await page.getByRole("link", { name: "Deploy with a gate", exact: true }).click();
  await expect(node(page, "G-001")).toBeVisible();
}

test("Simulate on a gate workflow: the branch taken and why, on the canvas and in the Simulation panel; nothing runs", async ({
  page,
  request,
}) => {
  const consoleErrors = watchConsole(page);
  const runsBefore = await countRuns(request);
  await openGateExample(page);
  await page.getByRole("button", { name: "Simulate", exact: true }).click();

  const panel = page.getByRole("region", { name: "Simulation" });
  await expect(panel).toContainText("A run would end succeeded");
  // env defaults to staging: the staging branch runs, the production branch (approval, deploy) is skipped.
  await expect(node(page, "N-001")).toHaveAttribute("data-sim-status", "done");
  await expect(node(page, "G-001")).toHaveAttribute("data-sim-status", "done");
  await expect(node(page, "N-003")).toHaveAttribute("data-sim-status", "done");
  await expect(node(page, "H-001")).toHaveAttribute("data-sim-status", "skipped");
  await expect(node(page, "N-002")).toHaveAttribute("data-sim-status", "skipped");
  await expect(node(page, "N-004")).toHaveAttribute("data-sim-status", "done");
  // The gate says why, on the canvas and in the panel.
  await expect(node(page, "G-001").getByTestId("why-G-001")).toContainText('"staging"');
  const gate = panel.getByRole("list", { name: "Gates" }).getByRole("listitem");
  await expect(gate).toContainText('branch "staging"');
  await expect(gate).toContainText("{env}");
  // The steps in order; what would not run, and why.
  const steps = panel.getByRole("list", { name: "Simulated steps" }).getByRole("listitem");
  await expect(steps.first()).toContainText("N-001");
  await expect(panel.getByRole("list", { name: "Would not run" })).toContainText("H-001");
  await expect(panel.getByRole("list", { name: "Would not run" })).toContainText("gate G-001 took another branch");

  await shoot(page, "simulation-gate");

  // On a 1280-wide laptop the toolbar still fits beside Simulate, Save and Run…: nothing hidden or covered.
  await page.setViewportSize({ width: 1280, height: 720 });
  const toolbar = page.getByRole("toolbar", { name: "Editor" });
  expect(await toolbar.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  await toolbar.getByRole("button", { name: "Paste" }).click({ trial: true });
  await page.getByRole("button", { name: "Simulate", exact: true }).click({ trial: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Nothing ran.
  expect(await countRuns(request)).toBe(runsBefore);
  consoleErrors.expectNone();
});

test("What if this fails? simulates a node's failure and shows what it stops", async ({ page }) => {
  await openGateExample(page);
  await node(page, "N-003").getByRole("button", { name: "Menu of N-003" }).click();
  await page.getByRole("menuitem", { name: "What if this fails?" }).click();
  const panel = page.getByRole("region", { name: "Simulation" });
  await expect(panel.getByTestId("simulation-failing")).toContainText("What if N-003");
  await expect(panel).toContainText("A run would end failed");
  await expect(node(page, "N-003")).toHaveAttribute("data-sim-status", "failed");
  await expect(node(page, "N-004")).not.toHaveAttribute("data-sim-status", "done");
  await expect(panel.getByRole("list", { name: "Would not run" })).toContainText("N-004");
  await shoot(page, "simulation-what-if");

  // An edit makes the prediction stale: the canvas drops it until Simulate again.
  await page.getByRole("button", { name: "Auto-layout" }).click();
  await expect(panel).toContainText("The workflow changed since");
  await expect(node(page, "N-003")).not.toHaveAttribute("data-sim-status");
  await page.getByRole("button", { name: "Simulate", exact: true }).click();
  await expect(node(page, "N-003")).toHaveAttribute("data-sim-status", "done");
});

test("A failure pinned in the inspector is simulated, with what it would stop; unpinned, the path runs again", async ({
  page,
}) => {
  await openGateExample(page);
  await node(page, "N-001").click();
  const pin = page.getByTestId("pinned-mock");
  await pin.locator("summary").click();
  await pin.getByLabel("simulated outcome").selectOption("failed");
  await pin.getByLabel("failure reason").fill("the build server is down");
  await expect(pin.getByTestId("pinned-mock-badge")).toHaveText("pinned: fails");
  await page.getByRole("button", { name: "Simulate", exact: true }).click();
  const panel = page.getByRole("region", { name: "Simulation" });
  await expect(panel).toContainText("A run would end failed");
  await expect(panel.getByTestId("simulation-failing")).toContainText("N-001");
  await expect(panel.getByRole("list", { name: "Simulated steps" })).toContainText("the build server is down");
  await expect(node(page, "N-001")).toHaveAttribute("data-sim-status", "failed");
  for (const id of ["G-001", "N-003", "N-004"])
    await expect(node(page, id)).not.toHaveAttribute("data-sim-status", "done");
  await expect(panel.getByRole("list", { name: "Would not run" })).toContainText("N-004");
  await shoot(page, "simulation-pinned-failure");

  // The pin changed nothing in the template: nothing to save.
  await expect(page.locator(".editor-bar")).not.toContainText("Unsaved");

  // A pinned output instead: the path runs, and the panel says what it was given.
  await node(page, "N-001").click();
  await page.getByRole("tab", { name: "Inspector" }).click();
  await pin.getByLabel("simulated outcome").selectOption("done");
  await pin.getByLabel("mock output").fill("build 42");
  await page.getByRole("button", { name: "Simulate", exact: true }).click();
  await expect(panel).toContainText("A run would end succeeded");
  await expect(panel.getByTestId("simulation-given")).toContainText("N-001");
  await expect(node(page, "N-001")).toHaveAttribute("data-sim-status", "done");
  await expect(node(page, "N-004")).toHaveAttribute("data-sim-status", "done");
});

async function countRuns(request: APIRequestContext): Promise<number> {
  return (await query<{ items: unknown[] }>(request, "run.list", { limit: 500 })).items.length;
}
