/**
 * Shutting a person out, in a real browser against the production build: an admin disables,
 * enables, resets the password of and deletes a user from /settings while that user's page is open
 * (it leaves for /login at once), a person changes their own password (their other browser is
 * signed out), `next=` never leaves the site, auth calls never ride in a batch, and a made-up
 * X-Forwarded-For is not believed.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { api, signedOutPage } from "./support/api-session";

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

async function auditItems(request: APIRequestContext) {
  const input = encodeURIComponent(JSON.stringify({ limit: 500 }));
  const res = await request.get(`/api/trpc/audit.list?input=${input}`);
  expect(res.status()).toBe(200);
  return (await res.json()).result.data.items as { action: string; target: string; detail: Record<string, string> }[];
}

/** A signed-in page on /templates with its live stream open. */
async function livePage(browser: Browser, baseURL: string, email: string, password: string) {
  const page = await signedOutPage(browser, baseURL);
  await logIn(page, email, password);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await page.goto("/templates");
  await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-live", "true");
  return page;
}

test.describe("account lifecycle", () => {
  test("an admin disables, enables, resets and deletes a user from Settings; the user is out at once", async ({
    browser,
    baseURL,
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const pat = { email: `pat-${Date.now()}@e2e.test`, password: "pat-password-1" };
    await api(request, "user.create", { ...pat, roles: ["editor"] });
    const patPage = await livePage(browser, baseURL!, pat.email, pat.password);

    await page.goto("/settings");
    const row = page.getByTestId(`user-${pat.email}`);
    // The admin's own row offers no way to shut themselves out.
    await expect(page.getByTestId("user-admin@e2e.test").getByRole("button", { name: /^Disable/ })).toHaveCount(0);

    await row.getByRole("button", { name: `Disable ${pat.email}` }).click();
    await expect(row).toContainText("disabled");
    // Nothing on pat's page acts: only the server ending the stream takes it to /login.
    await expect(patPage).toHaveURL(/\/login\?next=%2Ftemplates$/);
    await patPage.getByLabel("Email").fill(pat.email);
    await patPage.getByLabel("Password").fill(pat.password);
    await patPage.getByRole("button", { name: "Log in" }).click();
    await expect(patPage.getByRole("alert").filter({ hasText: "this account is disabled" })).toBeVisible();

    await row.getByRole("button", { name: `Enable ${pat.email}` }).click();
    await expect(row).not.toContainText("disabled");
    await patPage.getByRole("button", { name: "Log in" }).click();
    await expect(patPage).toHaveURL(/\/templates$/);
    await expect(patPage.getByTestId("live-indicator")).toHaveAttribute("data-live", "true");

    await row.getByRole("button", { name: `Reset the password of ${pat.email}` }).click();
    await row.getByLabel(`New password for ${pat.email}`).fill("pat-new-password");
    await row.getByRole("button", { name: "Set password" }).click();
    await expect(page.getByRole("status").filter({ hasText: `New password set for ${pat.email}` })).toBeVisible();
    await expect(patPage).toHaveURL(/\/login\?next=%2Ftemplates$/);
    await logIn(patPage, pat.email, "pat-new-password");
    await expect(patPage.getByRole("heading", { name: "Dashboard" })).toBeVisible();

    await row.getByRole("button", { name: `Delete ${pat.email}`, exact: true }).click();
    await row.getByRole("button", { name: `Delete ${pat.email} for good` }).click();
    await expect(row).toHaveCount(0);
    expect((await patPage.request.get("/api/trpc/run.list")).status()).toBe(401);
    const actions = (await auditItems(request)).filter((i) => i.detail.email === pat.email).map((i) => i.action);
    expect(actions).toEqual(
      expect.arrayContaining(["user.disable", "user.enable", "user.resetPassword", "user.delete"]),
    );
    await patPage.context().close();
  });

  test("changing my own password signs my other browser out and keeps this one", async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(90_000);
    const sam = { email: `sam-${Date.now()}@e2e.test`, password: "sam-password-1" };
    await api(request, "user.create", { ...sam, roles: ["viewer"] });
    const other = await livePage(browser, baseURL!, sam.email, sam.password);
    const here = await signedOutPage(browser, baseURL!);
    await logIn(here, sam.email, sam.password);
    await expect(here.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await here.goto("/settings");
    const form = here.getByRole("region", { name: "Your password" });
    await form.getByLabel("Current password").fill("not-my-password");
    await form.getByLabel("New password").fill("sam-new-password");
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(form.getByRole("alert")).toContainText("not your current password");
    await form.getByLabel("Current password").fill(sam.password);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(form.getByRole("status")).toContainText("Password changed. 1 other session signed out.");
    await expect(other).toHaveURL(/\/login\?next=%2Ftemplates$/);
    expect((await here.request.get("/api/trpc/run.list")).status()).toBe(200);
    await logIn(other, sam.email, "sam-new-password");
    await expect(other.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await Promise.all([here.context().close(), other.context().close()]);
  });

  test("next= never leaves the site, signed in or signing in", async ({ browser, baseURL, page }) => {
    test.setTimeout(90_000);
    const origin = new URL(baseURL!).origin;
    // As typed into the address bar: the server reads each `next` decoded once.
    for (const query of [
      "/%5Cevil.example",
      "//evil.example",
      "%2F%2Fevil.example",
      "https://evil.example/",
      "/%09/evil.example",
    ]) {
      await page.goto(`/login?next=${query}`);
      await expect(page, query).toHaveURL(`${origin}/`);
    }
    const out = await signedOutPage(browser, baseURL!);
    await out.goto("/login?next=/%5Cevil.example");
    await out.getByLabel("Email").fill("admin@e2e.test");
    await out.getByLabel("Password").fill("e2e-admin-password");
    await out.getByRole("button", { name: "Log in" }).click();
    await expect(out).toHaveURL(`${origin}/`);
    await out.context().close();
  });

  test("auth calls never ride in a batch, and a made-up X-Forwarded-For is not believed", async ({
    playwright,
    baseURL,
    request,
  }) => {
    const anon = await playwright.request.newContext({ baseURL });
    const batch = await anon.post("/api/trpc/auth.login,auth.login?batch=1", {
      data: { 0: { email: "admin@e2e.test", password: "a" }, 1: { email: "admin@e2e.test", password: "b" } },
    });
    expect(batch.status()).toBe(400);
    expect((await batch.json()).error.message).toContain("cannot be batched");
    const email = `nobody-${Date.now()}@e2e.test`;
    const res = await anon.post("/api/trpc/auth.login", {
      data: { email, password: "wrong-password" },
      headers: { "x-forwarded-for": "203.0.113.9" },
    });
    expect(res.status()).toBe(401);
    // The attempt is counted for, and audited with, the address the request really came from.
    const failed = (await auditItems(request)).find((i) => i.action === "auth.login.failed" && i.target === email);
    expect(failed?.detail.address).toBe("127.0.0.1");
    await anon.dispose();
  });
});
