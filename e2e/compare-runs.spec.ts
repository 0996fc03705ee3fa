import { expect, test } from "@playwright/test";
import { saveTemplate, startRun, waitForRun } from "./run-fixtures";
import { nodeOf } from "./support/canvas";
import { shoot } from "./support/screenshots";

test.use({ viewport: { width: 1440, height: 900 } });

test("Compare with… shows what differs between two runs, on the canvas and as an output diff", async ({
  page,
  request,
}) => {
  const templateId = await saveTemplate(
    request,
    "Totals by region",
    [
      { id: "N-001", name: "fetch", type: "shell", args_template: "echo fetched" },
      { id: "N-002", name: "totals", type: "shell", args_template: "printf 'region {region}\\nrows 3\\n'" },
    ],
    [{ from: "N-001", to: "N-002" }],
    { context_schema: { region: { type: "string", required: true } } },
  );
  const first = await startRun(request, templateId, { region: "north" });
  await waitForRun(request, first, /^succeeded$/);
  const second = await startRun(request, templateId, { region: "south" });
  await waitForRun(request, second, /^succeeded$/);

  await page.goto(`/runs/${second}`);
  await expect(page.getByTestId("run-status")).toHaveText("succeeded");
  await page.getByRole("button", { name: "Compare with…" }).click();
  const picker = page.getByRole("form", { name: "Compare with another run" });
  await picker.getByLabel("a run of this template").selectOption(first);
  await picker.getByRole("button", { name: "Compare" }).click();

  const region = page.getByRole("region", { name: "Comparison" });
  await expect(region.getByTestId("comparison-summary")).toHaveText("1 of 2 nodes differ.");
  await expect(region.getByRole("row").filter({ hasText: "N-002" })).toHaveAttribute("data-changed", "output");
  await expect(nodeOf(page, "N-002")).toHaveAttribute("data-compare", "output");
  await expect(nodeOf(page, "N-001")).toHaveAttribute("data-compare", "same");
  await region.getByText("output of N-002").click();
  const diff = region.getByLabel("Output diff of N-002");
  await expect(diff.locator(".diff-removed")).toHaveText("- region south");
  await expect(diff.locator(".diff-added")).toHaveText("+ region north");
  await expect(diff.locator(".diff-same")).toContainText("rows 3");
  await shoot(page, "run-compare");

  await region.getByRole("button", { name: "Close the comparison" }).click();
  await expect(region).toHaveCount(0);
  await expect(nodeOf(page, "N-002")).not.toHaveAttribute("data-compare");
});
