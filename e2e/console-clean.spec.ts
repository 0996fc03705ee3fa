import { expect, test } from "@playwright/test";
import { watchConsole } from "./support/canvas";

test("no console errors on any page: dashboard, library, compose, editor, run", async ({ page, request }) => {
  const consoleErrors = watchConsole(page);
  const list = (await (await request.get("/api/trpc/template.list")).json()).result.data.items as {
    id: string;
    name: string;
  }[];
  const parallel = list.find((t) => t.name === "Parallel checks")!;
  const started = await request.post("/api/trpc/run.start", { data: { templateId: parallel.id, variables: {} } });
  expect(started.status(), await started.text()).toBe(200);
  const { runId } = (await started.json()).result.data as { runId: string };

  for (const [path, ready] of [
    ["/", "Dashboard"],
    ["/templates", "Templates"],
    ["/compose", "Untitled workflow"],
    [`/templates/${parallel.id}`, "Parallel checks"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: ready })).toBeVisible();
  }
  await page.goto(`/runs/${runId}`);
  await expect(page.getByTestId("run-status")).toHaveText(/succeeded|running|waiting/);
  consoleErrors.expectNone();
});
