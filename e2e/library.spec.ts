/**
 * The library (`/templates`): search by a word of the description, duplicate, delete with undo,
 * export a file `wf validate` accepts, import pasted text. Each test saves its own templates over
 * the API and deletes them after (the smoke test counts the three seeded examples).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

const created: string[] = [];

async function trpc<T>(request: APIRequestContext, proc: string, input: unknown): Promise<T> {
  const res = await request.post(`/api/trpc/${proc}`, { data: input });
  expect(res.status(), `${proc} → ${await res.text()}`).toBe(200);
  return ((await res.json()) as { result: { data: T } }).result.data;
}

async function saveTemplate(request: APIRequestContext, slug: string, description: string): Promise<string> {
  const { id } = await trpc<{ id: string }>(request, "template.save", {
    template: {
      template_id: `wft-e2e-${slug}`,
      name: `E2E ${slug}`,
      description,
      tags: ["e2e"],
      nodes: [
        { id: "A", name: "Fetch the ledger", type: "shell", args_template: "echo a" },
        { id: "B", name: "Sum it", type: "shell", args_template: "echo b" },
      ],
      edges: [{ from: "A", to: "B" }],
    },
  });
  created.push(id);
  return id;
}

function card(page: Page, name: string) {
  return page.getByRole("listitem", { name, exact: true });
}

test.afterEach(async ({ request }) => {
  const { items } = await (
    await request.get(`/api/trpc/template.list?input=${encodeURIComponent(JSON.stringify({ tag: "e2e" }))}`)
  )
    .json()
    .then((b: { result: { data: { items: { id: string }[] } } }) => b.result.data);
  for (const id of new Set([...created.splice(0), ...items.map((i) => i.id)]))
    await trpc(request, "template.delete", { id });
});

test("search finds a template by a word of its description; filters by tag", async ({ page, request }) => {
  await saveTemplate(request, "ledger", "Reconcile the quarterly ledger with the bank statements");
  await saveTemplate(request, "other", "Something else entirely");
  await page.goto("/templates");
  await expect(card(page, "E2E other")).toBeVisible();
  await page.getByLabel("Search templates").fill("quarterly");
  await expect(card(page, "E2E ledger")).toBeVisible();
  await expect(page.getByTestId("template-card")).toHaveCount(1);
  await expect(card(page, "E2E ledger").getByTestId("template-stats")).toContainText("2 nodes");
  await expect(card(page, "E2E ledger").getByTestId("last-run-status")).toHaveText("never run");
  await page.getByLabel("Search templates").fill("");
  await page.getByLabel("Tag").selectOption("e2e");
  await expect(page.getByTestId("template-card")).toHaveCount(2);
});

test("duplicate makes a -copy template", async ({ page, request }) => {
  await saveTemplate(request, "dup", "To be copied");
  await page.goto("/templates");
  await card(page, "E2E dup").getByRole("button", { name: "Duplicate" }).click();
  await expect(page.getByTestId("toast")).toContainText("wft-e2e-dup-copy");
  await expect(card(page, "E2E dup (copy)")).toBeVisible();
  await expect(card(page, "E2E dup (copy)")).toContainText("wft-e2e-dup-copy");
});

test("delete asks first, removes the card, and Undo in the toast restores it", async ({ page, request }) => {
  await saveTemplate(request, "gone", "Delete me");
  await page.goto("/templates");
  await card(page, "E2E gone").getByRole("button", { name: "Delete" }).click();
  await page
    .getByRole("alertdialog", { name: "Delete E2E gone?" })
    .getByRole("button", { name: "Confirm delete" })
    .click();
  await expect(card(page, "E2E gone")).toHaveCount(0);
  await expect(page.getByTestId("toast")).toContainText("Deleted");
  await page.getByTestId("toast").getByRole("button", { name: "Undo" }).click();
  await expect(card(page, "E2E gone")).toBeVisible();
  await page.reload();
  await expect(card(page, "E2E gone")).toBeVisible();

  // Deleted without undo: the "Show deleted" list restores it too.
  await card(page, "E2E gone").getByRole("button", { name: "Delete" }).click();
  await page.getByRole("button", { name: "Confirm delete" }).click();
  await expect(card(page, "E2E gone")).toHaveCount(0);
  await page.getByLabel("Show deleted").check();
  await card(page, "E2E gone").getByRole("button", { name: "Restore" }).click();
  await expect(card(page, "E2E gone")).toHaveCount(0);
  await page.getByLabel("Show deleted").uncheck();
  await expect(card(page, "E2E gone")).toBeVisible();
});

test("export downloads JSON, Mermaid and YAML files that wf validate accepts", async ({ page, request }) => {
  await saveTemplate(request, "export", "Exported three ways");
  await page.goto("/templates");
  const c = card(page, "E2E export");
  await c.getByText("Export", { exact: true }).click();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-e2e-export-"));
  for (const [label, ext] of [
    ["Download JSON", ".json"],
    ["Download Mermaid", ".mmd"],
    ["Download YAML", ".yaml"],
  ] as const) {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      c.getByRole("button", { name: label }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`wft-e2e-export${ext}`);
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    const { stdout } = await promisify(execFile)(process.execPath, ["scripts/wf.mjs", "validate", file]);
    expect(stdout).not.toMatch(/\berror\b/);
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

test("Import: a Mermaid error names line and column; the fixed text is saved and opened", async ({ page }) => {
  await page.goto("/templates");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const text = page.getByLabel("Workflow text");
  await text.fill("flowchart TD\n  A[Fetch --> B");
  await page.getByRole("button", { name: "Add to library" }).click();
  await expect(page.getByRole("alert", { name: "Import problems" })).toContainText(/2:\d+: error MM0\d\d/);
  await text.fill("---\ntitle: E2E imported\n---\nflowchart TD\n  A[Fetch] --> B[Sum]");
  await page.getByRole("button", { name: "Add to library" }).click();
  await expect(page).toHaveURL(/\/templates\/tpl_/);
  created.push(decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!));
});

test("Import: a template with validation errors is kept as a draft version, and says so", async ({ page, request }) => {
  await page.goto("/templates");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  // Reads fine, but the two steps wait for each other (a cycle): kept, not runnable.
  await page
    .getByLabel("Workflow text")
    .fill("---\ntitle: E2E draft import\n---\nflowchart TD\n  A[One] --> B[Two]\n  B --> A");
  await page.getByRole("button", { name: "Add to library" }).click();
  await expect(page.getByText(/Saved “E2E draft import” as a draft \(version 1\)/)).toBeVisible();
  const link = page.getByRole("link", { name: "Open it in the editor" });
  const id = decodeURIComponent((await link.getAttribute("href"))!.split("/").pop()!);
  created.push(id);
  const res = await request.get(
    `/api/trpc/template.list?input=${encodeURIComponent(JSON.stringify({ search: "E2E draft import" }))}`,
  );
  const items = ((await res.json()) as { result: { data: { items: { id: string; draft?: boolean }[] } } }).result.data
    .items;
  expect(items.find((i) => i.id === id)).toMatchObject({ draft: true });
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/templates/${id}`));
  await expect(page.getByRole("region", { name: "Problems" })).toContainText(/cycle/i);
});

test("Import: a picked playbook with its !include file becomes a template", async ({ page, request }) => {
  await page.goto("/templates");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const playbook = [
    "name: E2E playbook",
    "description: Picked from files",
    "tasks:",
    "  - name: plan",
    "    phase: p",
    "    capability: research",
    "    prompt: !include prompts/plan.md",
    "    success: a plan exists",
  ].join("\n");
  await page.getByLabel("Workflow file").setInputFiles([
    { name: "plan.md", mimeType: "text/markdown", buffer: Buffer.from("Write the plan") },
    { name: "e2e.yml", mimeType: "text/yaml", buffer: Buffer.from(playbook) },
  ]);
  await expect(page.getByLabel("Format")).toHaveValue("yaml");
  await page.getByRole("button", { name: "Add to library" }).click();
  await expect(page).toHaveURL(/\/templates\/tpl_/);
  const id = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
  created.push(id);
  const res = await request.get(`/api/trpc/template.get?input=${encodeURIComponent(JSON.stringify({ id }))}`);
  const { template } = ((await res.json()) as { result: { data: { template: { nodes: unknown[] } } } }).result.data;
  expect(template.nodes[0]).toMatchObject({ id: "plan", args_template: "Write the plan" });
});

test("bad imports over HTTP: one diagnostic each with line and column, never a 500", async ({ request }) => {
  const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
  for (const k of "bcdefgh")
    bomb.push(`${k}: &${k} [${Array(9).fill(`*${String.fromCharCode(k.charCodeAt(0) - 1)}`)}]`);
  bomb.push("name: bomb", "tasks: *h");
  const cases = [
    // Over the 10 MiB import limit but under the 16 MiB body limit: the importer's own diagnostic.
    { code: "FMT003", input: { text: `${"x".repeat(1023)}\n`.repeat(12 * 1024), format: "yaml" } },
    { code: "FMT002", input: { text: "\u0089PNG\r\n\u001a\n\u0000\u0000", format: "json" } },
    { code: "PB016", input: { text: bomb.join("\n"), format: "yaml" } },
    { code: "MM002", input: { text: "sequenceDiagram\n  A->>B: hi", format: "mermaid" } },
    { code: "JS002", input: { text: '{"compilerOptions": {}}', format: "json" } },
  ];
  for (const { code, input } of cases) {
    const data = await trpc<{ template?: unknown; diagnostics: { code: string; line: number; column: number }[] }>(
      request,
      "compose.import",
      input,
    );
    expect(data.template).toBeUndefined();
    expect(data.diagnostics).toEqual([
      expect.objectContaining({ code, line: expect.any(Number), column: expect.any(Number) }),
    ]);
  }
  // Past the body limit the server refuses before reading it all: a typed 413.
  const huge = await request.post("/api/trpc/compose.import", {
    data: { text: `${"x".repeat(1023)}\n`.repeat(50 * 1024), format: "yaml" },
  });
  expect(huge.status()).toBe(413);
  expect((await huge.json()).error.data.code).toBe("PAYLOAD_TOO_LARGE");
});

test("version history: the diff of v1 and v2 lists the changed node and the added edge", async ({ page, request }) => {
  const id = await saveTemplate(request, "versions", "Two versions");
  const { template } = (
    (await (
      await request.get(`/api/trpc/template.get?input=${encodeURIComponent(JSON.stringify({ id }))}`)
    ).json()) as { result: { data: { template: { nodes: { id: string; name: string }[]; edges: unknown[] } } } }
  ).result.data;
  template.nodes[1] = { ...template.nodes[1], name: "Sum it twice" };
  template.nodes.push({ id: "C", name: "Publish", type: "shell", args_template: "echo c" } as never);
  template.edges.push({ from: "B", to: "C" });
  await trpc(request, "template.save", { id, template });

  await page.goto("/templates");
  const c = card(page, "E2E versions");
  await c.getByText("Versions", { exact: true }).click();
  await expect(c.getByTestId("version-1")).toBeVisible();
  const diff = c.getByRole("list", { name: "Changes from v1 to v2" });
  await expect(diff).toContainText("B: name");
  await expect(diff).toContainText("C");
  await expect(diff).toContainText("B → C");
});
