/**
 * The template's Triggers tab through its accessible names: a schedule shows its sentence and next
 * fires in its zone; a webhook's secret is shown once, a signed POST from here starts a run that appears
 * in the history, and the run page says which trigger started it.
 */
import crypto from "node:crypto";
import { expect, test } from "@playwright/test";
import { mutate } from "./run-fixtures";

test("add a schedule and a webhook; a signed call's run appears in the history and opens", async ({
  page,
  request,
  playwright,
  baseURL,
}) => {
  const template = {
    template_id: `wft-triggered-${Date.now()}-20261202`,
    name: "Triggered build",
    context_schema: { branch: { type: "string", required: true, description: "what to build" } },
    nodes: [{ id: "A", name: "Build", type: "shell", args_template: "echo building {branch}" }],
    edges: [],
  };
  const { id } = await mutate<{ id: string }>(request, "template.save", { template });
  await page.goto(`/templates/${encodeURIComponent(id)}`);
  await page.getByRole("tab", { name: "Triggers" }).click();
  await expect(page.getByRole("tab", { name: "Triggers" })).toHaveAttribute("aria-selected", "true");

  // A schedule: the sentence and the next five fires in the chosen zone while typing.
  await page.getByRole("button", { name: "Add schedule" }).click();
  const form = page.getByRole("form", { name: "New schedule" });
  await form.getByLabel("cron").fill("30 7 * * 1-5");
  await form.getByLabel("timezone").fill("Europe/Berlin");
  await expect(form.getByText("At 07:30, on Monday to Friday (Europe/Berlin)")).toBeVisible();
  const preview = form.getByRole("list", { name: "Next fires" }).getByRole("listitem");
  await expect(preview).toHaveCount(5);
  await expect(preview.first()).toContainText("07:30 (Europe/Berlin)");
  await form.getByLabel("misfire").selectOption("skip");
  await form.getByLabel("overlap").selectOption("queue");
  await form.getByLabel("branch").fill("main");
  await form.getByRole("button", { name: "Create schedule" }).click();
  const schedule = page.getByRole("listitem", { name: "Schedule: At 07:30, on Monday to Friday (Europe/Berlin)" });
  await expect(schedule.getByRole("list", { name: "Next fires" }).getByRole("listitem")).toHaveCount(5);
  await expect(schedule).toContainText("misfire skip");
  await expect(schedule.getByRole("checkbox", { name: "enabled" })).toBeChecked();
  // Disabled: no next fires.
  await schedule.getByRole("checkbox", { name: "enabled" }).uncheck();
  await expect(schedule.getByText("Disabled: nothing fires.")).toBeVisible();

  // A webhook: URL and secret shown once, with a curl line.
  await page.getByRole("button", { name: "Add webhook" }).click();
  const hookForm = page.getByRole("form", { name: "New webhook" });
  await expect(hookForm.getByLabel("branch")).toHaveValue("{body.branch}");
  await hookForm.getByRole("button", { name: "Create webhook" }).click();
  const once = page.getByRole("region", { name: "Webhook secret" });
  const url = (await once.getByLabel("Webhook URL").textContent())!;
  const secret = (await once.getByLabel("Webhook secret value").textContent())!;
  expect(url).toMatch(/\/api\/hooks\/trg_/);
  await expect(once.getByLabel("curl example")).toContainText("X-Wf-Signature: sha256=");
  await once.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText(secret)).toHaveCount(0);

  // The outside world calls it, signed (no session: a request context of its own).
  const outside = await playwright.request.newContext({ baseURL });
  const body = JSON.stringify({ branch: "release-7" });
  const signature = `sha256=${crypto.createHmac("sha256", secret).update(body).digest("hex")}`;
  const res = await outside.post(url, {
    data: body,
    headers: { "content-type": "application/json", "x-wf-signature": signature },
  });
  expect(res.status(), await res.text()).toBe(202);
  const { runId } = (await res.json()) as { runId: string };
  const unsigned = await outside.post(url, { data: body, headers: { "content-type": "application/json" } });
  expect(unsigned.status()).toBe(401);
  await outside.dispose();

  const webhook = page.getByRole("listitem", { name: /^Webhook trg_/ });
  const history = webhook.getByRole("list", { name: "History" });
  await expect(history.getByRole("listitem")).toHaveCount(2, { timeout: 10_000 });
  await expect(history.getByRole("listitem").first()).toContainText("refused");
  await expect(history.getByRole("listitem").first()).toContainText("missing X-Wf-Signature");
  const started = history.getByRole("listitem").nth(1);
  await expect(started).toContainText("started");
  await started.getByRole("link", { name: "Open run" }).click();
  await expect(page).toHaveURL(new RegExp(`/runs/${runId}$`));
  await expect(page.getByTestId("run-started-by")).toContainText("webhook trigger");
  await expect(page.getByTestId("run-status")).toHaveText("succeeded", { timeout: 20_000 });
});

test("Send test event signs a sample and shows the answer", async ({ page, request }) => {
  const template = {
    template_id: `wft-test-event-${Date.now()}-20261202`,
    name: "Test event",
    nodes: [{ id: "A", name: "Say", type: "shell", args_template: "echo hi" }],
    edges: [],
  };
  const { id } = await mutate<{ id: string }>(request, "template.save", { template });
  await mutate(request, "trigger.create", { templateId: id, kind: "webhook" });
  await page.goto(`/templates/${encodeURIComponent(id)}?tab=triggers`);
  const webhook = page.getByRole("listitem", { name: /^Webhook trg_/ });
  await webhook.getByRole("button", { name: "Send test event" }).click();
  await expect(webhook.getByRole("status")).toContainText("202");
  await expect(webhook.getByRole("list", { name: "History" }).getByRole("listitem")).toContainText("started");
});
