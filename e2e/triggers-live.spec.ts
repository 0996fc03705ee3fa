/**
 * Triggers on the live channel: the dashboard's "Next scheduled fires" lists a schedule's soonest fires
 * (template, time in its zone, the sentence) and moves on after each fire without a reload; a refused
 * webhook call raises a toast for an editor naming the trigger, its template and the reason, linking to
 * the template's Triggers tab.
 */
import { expect, test } from "@playwright/test";
import { mutate } from "./run-fixtures";

async function saveTemplate(request: Parameters<typeof mutate>[0], name: string, slug: string) {
  const template = {
    template_id: `wft-${slug}-${Date.now()}-20261202`,
    name,
    nodes: [{ id: "A", name: "Say", type: "shell", args_template: "echo hi" }],
    edges: [],
  };
  return (await mutate<{ id: string }>(request, "template.save", { template })).id;
}

test("the dashboard lists the next scheduled fires and moves on after a fire", async ({ page, request }) => {
  const templateId = await saveTemplate(request, "Every two seconds", "next-fires");
  const { id } = await mutate<{ id: string }>(request, "trigger.create", {
    templateId,
    kind: "schedule",
    cron: "*/2 * * * * *",
    timezone: "Asia/Tokyo",
    overlap: "allow",
  });
  try {
    await page.goto("/");
    const region = page.getByRole("region", { name: "Next scheduled fires" });
    const fires = region.locator(`li[data-trigger="${id}"]`);
    await expect(fires.first()).toContainText("(Asia/Tokyo)");
    await expect(fires.first()).toContainText("Every 2 seconds");
    const link = fires.first().getByRole("link", { name: "Every two seconds" });
    await expect(link).toHaveAttribute("href", `/templates/${encodeURIComponent(templateId)}?tab=triggers`);
    // After a fire the list is read again (the live channel tells the fire): the first time moves on.
    const first = await fires.first().locator("time").getAttribute("datetime");
    await expect
      .poll(async () => fires.first().locator("time").getAttribute("datetime"), { timeout: 10_000 })
      .not.toBe(first);
    await link.click();
    await expect(page).toHaveURL(/\?tab=triggers$/);
    await expect(page.getByRole("tab", { name: "Triggers" })).toHaveAttribute("aria-selected", "true");
  } finally {
    await mutate(request, "trigger.delete", { id });
  }
});

test("a refused webhook call raises a toast naming the trigger, its template and the reason", async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const templateId = await saveTemplate(request, "Guarded deploy", "refused-toast");
  const hook = await mutate<{ id: string; url: string }>(request, "trigger.create", { templateId, kind: "webhook" });
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Next scheduled fires" })).toBeVisible();
  // Wait for the live channel before the call (a fire before the page listened raises nothing).
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-live", "true");

  const outside = await playwright.request.newContext({ baseURL });
  const res = await outside.post(hook.url, { data: "{}", headers: { "content-type": "application/json" } });
  expect(res.status()).toBe(401);
  await outside.dispose();

  const toast = page.getByRole("region", { name: "Notifications" }).getByRole("status").filter({ hasText: hook.id });
  await expect(toast).toContainText("webhook trigger");
  await expect(toast).toContainText("“Guarded deploy”");
  await expect(toast).toContainText("missing X-Wf-Signature");
  await toast.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/templates/${encodeURIComponent(templateId)}\\?tab=triggers$`));
});
