import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { decide, mutate, query, startRun, waitForRun } from "./run-fixtures";
import { canvasOf, clickNode, connect, nodeIds, nodeOf, watchConsole } from "./support/canvas";
import { seriousViolations } from "./support/axe";
import { shoot } from "./support/screenshots";

// The editor is a desktop tool: a laptop-sized window.
test.use({ viewport: { width: 1440, height: 900 } });

const inspector = (page: Page) => page.getByRole("region", { name: "Inspector" });
const notice = (page: Page) => page.locator(".editor-notice-slot");

let serial = 0;

/** Saves a child template with two variables (`env` required, `note` with a default) and returns its ids. */
async function saveChild(
  request: APIRequestContext,
  name: string,
  nodes: Record<string, unknown>[] = [
    { id: "A", name: "announce", type: "shell", args_template: "echo deploying {env}" },
    { id: "B", name: "finish", type: "shell", args_template: "echo done {note}" },
  ],
  edges = [{ from: "A", to: "B" }],
): Promise<{ id: string; templateId: string }> {
  const templateId = `sub-child-${Date.now()}-${++serial}`;
  const template = {
    template_id: templateId,
    name,
    context_schema: {
      env: { type: "string", required: true, description: "where to deploy" },
      note: { type: "string", required: true, default: "none" },
    },
    nodes,
    edges,
  };
  const saved = await mutate<{ id: string }>(request, "template.save", { template });
  return { id: saved.id, templateId };
}

test("a workflow node: choose the child from the library, pin a version, map an input with reference autocomplete, save", async ({
  page,
  request,
}) => {
  const consoleErrors = watchConsole(page);
  const childName = `Deploy child ${Date.now()}`;
  const child = await saveChild(request, childName);
  // A second version, so the version list has two.
  const v1 = await query<{ template: Record<string, unknown> }>(request, "template.get", { id: child.id });
  await mutate(request, "template.save", {
    id: child.id,
    template: { ...v1.template, description: "second version" },
  });

  await page.goto("/compose");
  await page.getByRole("button", { name: "Add shell node" }).click();
  await page.getByRole("button", { name: "Add workflow node" }).click();
  await expect.poll(() => nodeIds(page)).toEqual(["N-001", "W-001"]);
  await expect(nodeOf(page, "W-001")).toHaveAttribute("data-type", "workflow");
  await expect(nodeOf(page, "W-001")).toContainText("no template chosen");
  await connect(page, "N-001", "W-001");
  await expect(canvasOf(page).locator(".react-flow__edge")).toHaveCount(1);

  // template: search the library by name, pick the child.
  await clickNode(page, "W-001");
  const picker = inspector(page).getByRole("combobox", { name: "template" });
  await picker.fill(childName);
  const option = page.getByRole("listbox", { name: "Templates" }).getByRole("option", { name: childName });
  await option.click();
  await expect(picker).toHaveValue(child.templateId);
  await expect(nodeOf(page, "W-001")).toContainText(`runs ${childName} · latest`);

  // version: latest at run start, or one of the child's two versions.
  const version = inspector(page).getByRole("combobox", { name: "version" });
  await expect(version).toHaveValue("");
  await expect(version.getByRole("option")).toHaveText(["latest at run start", /^v2/, /^v1/]);
  await version.selectOption({ label: (await version.getByRole("option", { name: /^v1/ }).textContent()) ?? "" });
  await expect(nodeOf(page, "W-001")).toContainText(`runs ${childName} · v1`);
  await version.selectOption("");
  await expect(nodeOf(page, "W-001")).toContainText(`runs ${childName} · latest`);

  // inputs: one row per child variable; env is required, note has a default.
  const inputs = inspector(page).getByRole("group", { name: "inputs" });
  await expect(inputs.locator('[data-input="env"]')).toContainText("required");
  await expect(inputs.locator('[data-input="note"]')).not.toContainText("required");
  await expect(inputs.locator('[data-input="note"]')).toContainText("default none");
  const env = inputs.getByRole("textbox", { name: "env", exact: true });
  await env.pressSequentially("{N-");
  const refs = page.getByRole("listbox", { name: "References" });
  await expect(refs.getByRole("option")).toHaveText([/\{N-001\.output\}/]);
  await env.press("Enter");
  await expect(env).toHaveValue("{N-001.output}");

  // One undo step takes the whole mapping back; redo restores it.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(env).toHaveValue("");
  await page.getByRole("button", { name: "Redo" }).click();
  await expect(env).toHaveValue("{N-001.output}");

  // An input the child does not declare: listed with a warning, removable.
  await inputs.getByRole("textbox", { name: "name of a new input" }).fill("region");
  await inputs.getByRole("button", { name: "Add input" }).click();
  await expect(inputs.locator('[data-input="region"]')).toContainText(`${childName} does not declare "region"`);
  await shoot(page, "workflow-node-inspector");
  // The picker open (a combobox and its listbox) and the rows: no serious accessibility problem.
  await inspector(page).getByRole("combobox", { name: "template" }).focus();
  await expect(page.getByRole("listbox", { name: "Templates" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await inputs.getByRole("textbox", { name: "name of a new input" }).focus();
  await inputs.getByRole("button", { name: "Remove input region" }).click();
  await expect(inputs.locator('[data-input="region"]')).toHaveCount(0);

  // Save: the node carries the child's template_id and the mapping; a reload shows them again.
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(/\/templates\/tpl_/);
  const parentId = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1) ?? "");
  const saved = await query<{ template: { nodes: Record<string, unknown>[] } }>(request, "template.get", {
    id: parentId,
  });
  const node = saved.template.nodes.find((n) => n.id === "W-001");
  expect(node).toMatchObject({ type: "workflow", template: child.templateId, inputs: { env: "{N-001.output}" } });
  expect(node).not.toHaveProperty("version");
  await page.reload();
  await clickNode(page, "W-001");
  await expect(inspector(page).getByRole("combobox", { name: "template" })).toHaveValue(child.templateId);
  await expect(
    inspector(page).getByRole("group", { name: "inputs" }).getByRole("textbox", { name: "env", exact: true }),
  ).toHaveValue("{N-001.output}");
  await expect(notice(page)).not.toContainText("error");
  consoleErrors.expectNone();
});

test("run a parent: the child's progress on the parent's page, Open child run, the breadcrumb back", async ({
  page,
  request,
}) => {
  const consoleErrors = watchConsole(page);
  // The child pauses at two checkpoints, so its progress can be watched mid-way.
  const child = await saveChild(
    request,
    `Paused child ${Date.now()}`,
    [
      { id: "A", name: "announce", type: "shell", args_template: "echo deploying {env}" },
      { id: "CP", name: "first wait", type: "checkpoint", auto_continue: false },
      { id: "B", name: "migrate", type: "shell", args_template: "echo migrated" },
      { id: "CP2", name: "second wait", type: "checkpoint", auto_continue: false },
      { id: "C", name: "finish", type: "shell", args_template: "echo done {note}" },
    ],
    [
      { from: "A", to: "CP" },
      { from: "CP", to: "B" },
      { from: "B", to: "CP2" },
      { from: "CP2", to: "C" },
    ],
  );
  const parentName = `Parent ${Date.now()}`;
  const parent = await mutate<{ id: string }>(request, "template.save", {
    template: {
      template_id: `sub-parent-${Date.now()}-${++serial}`,
      name: parentName,
      nodes: [
        { id: "N-001", name: "build", type: "shell", args_template: "echo built" },
        {
          id: "W-001",
          name: "deploy",
          type: "workflow",
          template: child.templateId,
          inputs: { env: "{N-001.output}" },
        },
      ],
      edges: [{ from: "N-001", to: "W-001" }],
    },
  });
  const runId = await startRun(request, parent.id);
  await page.goto(`/runs/${runId}`);

  // The workflow node waits with its child; its progress is text on the node.
  const w = nodeOf(page, "W-001");
  await expect(w).toHaveAttribute("data-status", "waiting");
  await expect(w.getByTestId("child-run")).toContainText("child 1/5 · waiting");

  // The child's first checkpoint approved elsewhere: the parent's page follows it live.
  const stored = await query<{ nodes: { id: string; childRunId?: string }[] }>(request, "run.get", { runId });
  const childRunId = stored.nodes.find((n) => n.id === "W-001")?.childRunId ?? "";
  expect(childRunId).not.toBe("");
  await decide(request, childRunId, "CP", "approve");
  await expect(w.getByTestId("child-run")).toContainText("child 3/5 · waiting");

  // Selected, its panel shows the same and the one `Open child run` link.
  await clickNode(page, "W-001");
  const panel = page.getByTestId("node-panel");
  await expect(panel.getByTestId("panel-child-run")).toContainText("3/5 · waiting");
  await expect(page.getByRole("link", { name: "Open child run" })).toHaveCount(1);
  await shoot(page, "workflow-node-run-page");
  await page.getByRole("link", { name: "Open child run" }).click();
  await expect(page).toHaveURL(new RegExp(`/runs/${childRunId}$`));

  // The child's page: the breadcrumb back names the parent; approve the child's checkpoint here.
  const crumb = page.getByTestId("parent-crumb");
  await expect(crumb).toContainText(parentName);
  await expect(crumb).toContainText("W-001");
  await shoot(page, "child-run-breadcrumb");
  await page.getByRole("button", { name: "Approve" }).first().click();
  await expect(page.getByTestId("run-status")).toHaveText("succeeded");

  // Back on the parent: the child's end reached the node, the parent finished.
  await crumb.getByRole("link", { name: "Parent run" }).click();
  await expect(page).toHaveURL(new RegExp(`/runs/${runId}$`));
  await expect(nodeOf(page, "W-001")).toHaveAttribute("data-status", "done");
  await expect(nodeOf(page, "W-001").getByTestId("child-run")).toContainText("child 5/5 · succeeded");
  await waitForRun(request, runId, /succeeded/);
  consoleErrors.expectNone();
});
