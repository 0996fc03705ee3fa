/**
 * Accounts in a real browser (docs/security.md; the /login /setup /settings /audit routes of docs/ui.md): first-run
 * admin creation on a fresh server, log in and back to the page asked for, a viewer who sees no
 * Run or Approve controls and whom the API refuses, an approver who approves, logout.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { api, signedOutPage } from "./support/api-session";

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

test.describe("accounts", () => {
  test("first run: / leads to /setup, the admin is created and signed in, then logs out", async ({ browser }) => {
    test.setTimeout(90_000);
    const port = 3200 + Math.floor(Math.random() * 15);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-e2e-first-run-"));
    const env: NodeJS.ProcessEnv = { ...process.env, WF_DATA_DIR: dataDir, NODE_ENV: "production" };
    delete env.WF_ADMIN_EMAIL;
    delete env.WF_ADMIN_PASSWORD;
    delete env.WF_API_TOKEN;
    const server: ChildProcess = spawn(
      process.execPath,
      ["node_modules/next/dist/bin/next", "start", "--hostname", "127.0.0.1", "--port", String(port)],
      { env, stdio: "ignore" },
    );
    try {
      const base = `http://127.0.0.1:${port}`;
      await expect
        .poll(async () => (await fetch(`${base}/api/trpc/health.ping`).catch(() => undefined))?.status, {
          timeout: 60_000,
        })
        .toBe(200);
      const page = await signedOutPage(browser, base);
      await page.goto("/");
      await expect(page).toHaveURL(/\/setup$/);
      await page.getByLabel("Email").fill("owner@example.com");
      await page.getByLabel("Password").fill("short");
      await page.getByRole("button", { name: "Create admin" }).click();
      // (Next's route announcer is an alert too: find ours by its text.)
      await expect(page.getByRole("alert").filter({ hasText: "at least 10 characters" })).toBeVisible();
      await page.getByLabel("Password").fill("owner-password-1");
      await page.getByRole("button", { name: "Create admin" }).click();
      await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
      await expect(page.getByText("owner@example.com")).toBeVisible();
      // Setup is over: /setup now sends people to /login.
      await page.goto("/setup");
      await expect(page).toHaveURL(/\/$/);
      await page.getByRole("button", { name: "Log out" }).click();
      await expect(page).toHaveURL(/\/login/);
      await page.goto("/setup");
      await expect(page).toHaveURL(/\/login/);
      await page.context().close();
    } finally {
      server.kill("SIGTERM");
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("log in returns to the page asked for; a wrong password says so without saying which", async ({
    browser,
    baseURL,
  }) => {
    const page = await signedOutPage(browser, baseURL!);
    await page.goto("/templates");
    await expect(page).toHaveURL(/\/login\?next=%2Ftemplates$/);
    await logIn(page, "admin@e2e.test", "not-the-password");
    await expect(page.getByRole("alert").filter({ hasText: "wrong email or password" })).toHaveText(
      "wrong email or password",
    );
    await logIn(page, "admin@e2e.test", "e2e-admin-password");
    await expect(page).toHaveURL(/\/templates$/);
    await expect(page.getByRole("heading", { name: /Templates|Library/ })).toBeVisible();
    // An expired or forged session cookie: the first API call answers 401 and the page goes to /login, remembered.
    // Off the app first: its own redirect on a 401 would race the navigation below.
    await page.goto("about:blank");
    await page.context().clearCookies();
    await page.context().addCookies([{ name: "wf_session", value: "wfs_expired-or-forged", url: baseURL! }]);
    await page.goto("/templates");
    await expect(page).toHaveURL(/\/login\?next=%2Ftemplates$/);
    await page.context().close();
  });

  test("a viewer sees no Run or Approve controls and the API refuses them; an approver approves", async ({
    browser,
    baseURL,
    request,
  }) => {
    const stamp = Date.now();
    const viewer = { email: `viewer-${stamp}@e2e.test`, password: "viewer-password-1" };
    const approver = { email: `approver-${stamp}@e2e.test`, password: "approver-password-1" };
    await api(request, "user.create", { ...viewer, roles: ["viewer"] });
    await api(request, "user.create", { ...approver, roles: ["approver"] });
    const template = {
      template_id: `approve-me-${stamp}`,
      name: `Approve me ${stamp}`,
      nodes: [
        { id: "A", name: "Prepare", type: "shell", args_template: "echo ready" },
        { id: "C", name: "Sign off", type: "checkpoint", auto_continue: false },
        { id: "B", name: "Ship", type: "shell", args_template: "echo shipped" },
      ],
      edges: [
        { from: "A", to: "C" },
        { from: "C", to: "B" },
      ],
    };
    const { id } = await api<{ id: string }>(request, "template.save", { template });
    const { runId } = await api<{ runId: string }>(request, "run.start", { templateId: id, variables: {} });

    // The viewer: library and editor without Run…, no Approve on the dashboard, and the API says 403.
    const v = await signedOutPage(browser, baseURL!);
    await v.goto("/login");
    await logIn(v, viewer.email, viewer.password);
    await expect(v.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await expect(v.getByRole("link", { name: "New workflow" })).toHaveCount(0);
    await v.goto("/templates");
    await expect(v.getByRole("listitem", { name: template.name })).toBeVisible();
    await expect(v.getByRole("link", { name: `Run ${template.name}` })).toHaveCount(0);
    await v.goto(`/templates/${id}`);
    await expect(v.getByText("Read only")).toBeVisible();
    await expect(v.getByRole("button", { name: "Run…" })).toHaveCount(0);
    await expect(v.getByRole("button", { name: "Save" })).toHaveCount(0);
    await v.goto("/");
    const viewerCard = v.getByRole("article").filter({ has: v.getByRole("link", { name: `run ${runId}` }) });
    await expect(viewerCard).toBeVisible();
    await expect(viewerCard).toContainText("Waiting for an approver");
    await expect(v.getByRole("button", { name: "Approve" })).toHaveCount(0);
    const refused = await v.request.post("/api/trpc/run.start", { data: { templateId: id, variables: {} } });
    expect(refused.status()).toBe(403);
    const approvals = (await (await v.request.get("/api/trpc/approval.list")).json()).result.data.items as {
      id: string;
      runId: string;
    }[];
    const approval = approvals.find((a) => a.runId === runId)!;
    const decide = await v.request.post("/api/trpc/approval.decide", {
      data: { approvalId: approval.id, decision: "approve" },
    });
    expect(decide.status()).toBe(403);
    await v.context().close();

    // The approver approves from the dashboard; the decision is theirs (from the session).
    const a = await signedOutPage(browser, baseURL!);
    await a.goto("/login");
    await logIn(a, approver.email, approver.password);
    const card = a.getByRole("article").filter({ has: a.getByRole("link", { name: `run ${runId}` }) });
    await card.getByRole("button", { name: "Approve" }).click();
    await expect
      .poll(
        async () =>
          (
            await (
              await a.request.get(`/api/trpc/run.get?input=${encodeURIComponent(JSON.stringify({ runId }))}`)
            ).json()
          ).result.data.run.status,
        { timeout: 20_000 },
      )
      .toBe("succeeded");
    const decided = (await (await request.get("/api/trpc/approval.list")).json()).result.data.items.find(
      (x: { id: string }) => x.id === approval.id,
    );
    expect(decided.decidedBy).toBe(approver.email);
    await a.getByRole("button", { name: "Log out" }).click();
    await expect(a).toHaveURL(/\/login/);
    expect((await a.request.get("/api/trpc/run.list")).status()).toBe(401);
    await a.context().close();
  });

  test("a role change ends the user's open pages at once: the live stream ends and the page asks to sign in", async ({
    browser,
    baseURL,
    request,
  }) => {
    const user = { email: `moved-${Date.now()}@e2e.test`, password: "moved-password-1" };
    const { user: created } = await api<{ user: { id: string } }>(request, "user.create", {
      ...user,
      roles: ["viewer"],
    });
    const page = await signedOutPage(browser, baseURL!);
    await page.goto("/login");
    await logIn(page, user.email, user.password);
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    await page.goto("/templates");
    await expect(page.getByTestId("live-indicator")).toHaveAttribute("data-live", "true");
    // Nothing on the page acts: only the server ending the stream can take it to /login.
    await api(request, "user.setRoles", { id: created.id, roles: ["viewer", "approver"] });
    await expect(page).toHaveURL(/\/login\?next=%2Ftemplates$/);
    await page.context().close();
  });
});
