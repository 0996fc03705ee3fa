import { expect, test } from "@playwright/test";

test("the dashboard shows the app shell, the seeded templates (over tRPC) and a live SSE connection", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Wf Composer home" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  // The three seeded examples, in the library (the dashboard shows only the most recent templates, and
  // specs that ran before this one saved more).
  await page.goto("/templates");
  await expect(page.getByRole("heading", { name: "Feature pipeline" })).toBeVisible();
  expect(await page.getByTestId("template-card").count()).toBeGreaterThanOrEqual(3);
  await expect(page.getByRole("heading", { name: "Parallel checks" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Deploy with a gate" })).toBeVisible();
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-live", "true");
});

test("a bad API input is a 400 naming the field, not a 500", async ({ request }) => {
  const res = await request.get(`/api/trpc/template.get?input=${encodeURIComponent("{}")}`);
  expect(res.status()).toBe(400);
  const body = await res.json();
  expect(body.error.data.issues[0].path).toBe("id");
});
