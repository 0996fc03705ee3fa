import { expect, test, type Page } from "@playwright/test";
import { canvasOf, clickNode, connect, flowPosition, nodeIds, nodeOf, watchConsole } from "./support/canvas";

// The editor is a desktop tool: a laptop-sized window.
test.use({ viewport: { width: 1440, height: 900 } });

const inspector = (page: Page) => page.getByRole("region", { name: "Inspector" });
const notice = (page: Page) => page.locator(".editor-notice-slot");

/** Drags a palette item onto the canvas at a point relative to the canvas's top-left corner. */
async function dragFromPalette(page: Page, type: string, x: number, y: number) {
  const canvas = canvasOf(page).locator(".react-flow__pane");
  await page.getByRole("button", { name: `Add ${type} node` }).dragTo(canvas, { targetPosition: { x, y } });
}

test("draw, connect, edit, undo/redo, refuse a cycle, inject checkpoints, save, reload, version 2", async ({
  page,
}) => {
  const consoleErrors = watchConsole(page);
  await page.goto("/compose");
  await expect(page.getByRole("region", { name: "Palette" })).toBeVisible();

  // Four nodes: two by click (added at the centre of the view), two dragged to a drop point.
  await page.getByRole("button", { name: "Add shell node" }).click();
  await page.getByRole("button", { name: "Add shell node" }).click();
  await dragFromPalette(page, "agent", 160, 60);
  await dragFromPalette(page, "checkpoint", 160, 320);
  await expect.poll(() => nodeIds(page)).toEqual(["N-001", "N-002", "N-003", "CP-01"]);
  await expect(nodeOf(page, "N-003")).toHaveAttribute("data-type", "agent");
  await expect(nodeOf(page, "CP-01")).toHaveAttribute("data-type", "checkpoint");

  // Connect by dragging handles: N-003 → N-001 → N-002 → CP-01.
  await connect(page, "N-003", "N-001");
  await connect(page, "N-001", "N-002");
  await connect(page, "N-002", "CP-01");
  await expect(canvasOf(page).locator(".react-flow__edge")).toHaveCount(3);

  // A connection that would close a cycle is refused, with a message.
  await connect(page, "CP-01", "N-003");
  await expect(notice(page)).toContainText("cycle");
  await expect(canvasOf(page).locator(".react-flow__edge")).toHaveCount(3);

  // Edit args_template in the inspector; the canvas shows it.
  await clickNode(page, "N-001");
  const args = inspector(page).getByRole("textbox", { name: "args_template", exact: true });
  await args.fill("printf 'plan: %s\\n' {goal} > report.md");
  await expect(nodeOf(page, "N-001")).toContainText("printf 'plan: %s");
  await inspector(page).getByRole("textbox", { name: "name", exact: true }).fill("Write the report");

  // Undo and redo: the canvas and the inspector follow.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(nodeOf(page, "N-001")).not.toContainText("Write the report");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(args).toHaveValue("echo hello");
  await expect(nodeOf(page, "N-001")).toContainText("echo hello");
  await page.keyboard.press("Control+Shift+Z");
  await expect(args).toHaveValue("printf 'plan: %s\\n' {goal} > report.md");
  await page.getByRole("button", { name: "Redo" }).click();
  await expect(nodeOf(page, "N-001")).toContainText("Write the report");

  // A value of the wrong type is refused where the person is looking; the draft keeps its value.
  const timeout = inspector(page).getByRole("textbox", { name: "timeout_s", exact: true });
  await timeout.fill("soon");
  await expect(inspector(page).getByRole("alert")).toContainText("Expected a number");
  await timeout.fill("30");
  await expect(inspector(page).getByRole("alert")).toHaveCount(0);

  // Problems: {goal} is not declared yet.
  const problems = page.getByRole("region", { name: "Problems" });
  await expect(problems.getByRole("button", { name: /goal/ }).first()).toBeVisible();
  await page.locator(".react-flow__pane").click({ position: { x: 20, y: 20 } });
  await inspector(page).getByRole("button", { name: "Add variable" }).click();
  await inspector(page).getByRole("textbox", { name: "name of variable var_1" }).fill("goal");
  await inspector(page).getByRole("textbox", { name: "name of variable var_1" }).blur();
  await expect(problems.getByRole("button", { name: /goal/ })).toHaveCount(0);
  await inspector(page).getByRole("textbox", { name: "name", exact: true }).fill("Editor journey");

  // Inject checkpoints (one undo step) and read the report.
  await page.getByRole("button", { name: "Inject checkpoints" }).click();
  const report = page.getByRole("dialog", { name: "Checkpoints injected" });
  await expect(report).toContainText("after-artifact");
  await expect(report).toContainText("N-001 → N-002");
  await report.getByRole("button", { name: "Close" }).click();
  expect((await nodeIds(page)).length).toBe(5);

  // Save: a new template, its page, version 1; reload shows the same nodes at the same positions.
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(/\/templates\/tpl_/);
  await expect(page.getByRole("button", { name: "v1" })).toBeVisible();
  const ids = await nodeIds(page);
  const positions = await Promise.all(ids.map((id) => flowPosition(page, id)));
  await page.reload();
  await expect.poll(() => nodeIds(page)).toEqual(ids);
  expect(await Promise.all(ids.map((id) => flowPosition(page, id)))).toEqual(positions);

  // Saving again without a change: "No changes".
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(notice(page)).toContainText("No changes");

  // Open it from the library, change it, save: version 2 in the history.
  await page.getByRole("link", { name: "Templates" }).first().click();
  await page.getByRole("link", { name: "Editor journey", exact: true }).click();
  await clickNode(page, "N-002");
  await inspector(page).getByRole("textbox", { name: "args_template", exact: true }).fill("cat report.md");
  await page.keyboard.press("Control+s");
  await expect(notice(page)).toContainText("Saved version 2");
  await expect(page.getByRole("button", { name: "v2" })).toBeVisible();
  consoleErrors.expectNone();
});

test("a required field emptied shows a problem that selects its node; copy and paste two nodes", async ({ page }) => {
  const consoleErrors = watchConsole(page);
  await page.goto("/templates");
  await page.getByRole("link", { name: "Parallel checks", exact: true }).click();
  await expect.poll(() => nodeIds(page)).not.toEqual([]);
  const first = (await nodeIds(page))[0];
  await clickNode(page, first);
  await inspector(page).getByRole("textbox", { name: "args_template", exact: true }).fill("");
  const problem = page.getByRole("region", { name: "Problems" }).getByRole("button", { name: /WF072/ });
  await expect(problem).toBeVisible();
  await expect(nodeOf(page, first)).toHaveAttribute("data-problem", "error");
  await expect(page.getByRole("button", { name: "Run…" })).toBeDisabled();
  // Select something else, then let the problem select the node again.
  await page.locator(".react-flow__pane").click({ position: { x: 10, y: 10 } });
  await expect(inspector(page).getByRole("heading", { name: "Workflow" })).toBeVisible();
  await problem.click();
  await expect(inspector(page).locator(`[data-node-id="${first}"]`)).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("button", { name: "Run…" })).toBeEnabled();

  // Copy two nodes (shift-click) and paste them: new ids, same edges between them.
  const [a, b] = await nodeIds(page);
  const before = (await nodeIds(page)).length;
  await clickNode(page, a);
  await clickNode(page, b, ["Shift"]);
  await expect(page.getByRole("region", { name: "Inspector" })).toContainText("2 nodes selected");
  await page.keyboard.press("Control+c");
  await page.keyboard.press("Control+v");
  await expect.poll(async () => (await nodeIds(page)).length).toBe(before + 2);
  await expect(page.locator(".editor-notice-slot")).toContainText("Pasted 2 nodes");

  // The node menu: insert a node after one (it takes over the outgoing edges), then remove it with re-wiring.
  const edgesBefore = await canvasOf(page).locator(".react-flow__edge").count();
  const idsBefore = new Set(await nodeIds(page));
  await nodeOf(page, a)
    .getByRole("button", { name: `Menu of ${a}` })
    .click();
  await page.getByRole("menuitem", { name: "Insert after" }).click();
  await expect.poll(async () => (await nodeIds(page)).length).toBe(before + 3);
  const inserted = (await nodeIds(page)).find((id) => !idsBefore.has(id))!;
  await expect(inspector(page).locator(`[data-node-id="${inserted}"]`)).toBeVisible();
  await nodeOf(page, inserted)
    .getByRole("button", { name: `Menu of ${inserted}` })
    .click();
  await page.getByRole("menuitem", { name: "Remove and rewire" }).click();
  await expect.poll(async () => (await nodeIds(page)).length).toBe(before + 2);
  await expect(canvasOf(page).locator(".react-flow__edge")).toHaveCount(edgesBefore);

  // Clipboard text that is not a template: a clear message, nothing changes.
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData("text/plain", "hello, not a workflow");
    document.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true }));
  });
  await expect(page.locator(".editor-notice-slot")).toContainText("not template JSON");
  expect((await nodeIds(page)).length).toBe(before + 2);

  // `?` lists the shortcuts.
  await page.locator(".react-flow__pane").click({ position: { x: 10, y: 10 } });
  await page.keyboard.press("?");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toContainText("Auto-layout");
  await page.keyboard.press("Escape");
  consoleErrors.expectNone();
});

test("text views and files: Mermaid source edits the canvas (errors name line and column), a dropped playbook imports, nodes paste across tabs", async ({
  page,
  context,
}) => {
  const consoleErrors = watchConsole(page);
  await page.goto("/compose");
  await page.getByRole("tab", { name: "Mermaid" }).click();
  const source = page.getByRole("textbox", { name: "Mermaid source" });
  await source.fill("flowchart LR\n  A[Plan] --> B[Build\n");
  await expect(page.getByRole("tabpanel").getByRole("alert")).toContainText(/2:\d+/);
  await page.getByRole("tab", { name: "Canvas" }).click();
  expect(await nodeIds(page)).toEqual([]);

  await page.getByRole("tab", { name: "Mermaid" }).click();
  await page.getByRole("textbox", { name: "Mermaid source" }).fill("flowchart LR\n  A[Plan] --> B[Build]\n");
  await expect(page.getByRole("tabpanel").getByRole("alert")).toHaveCount(0);
  await page.getByRole("tab", { name: "Canvas" }).click();
  await expect.poll(() => nodeIds(page)).toEqual(["A", "B"]);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect.poll(() => nodeIds(page)).toEqual([]);

  // A playbook dropped on the canvas is imported (one undo step); a file that is not a workflow is refused.
  const drop = async (name: string, text: string) => {
    const data = await page.evaluateHandle(
      ([n, t]) => {
        const dt = new DataTransfer();
        dt.items.add(new File([t], n, { type: "text/plain" }));
        return dt;
      },
      [name, text] as const,
    );
    await canvasOf(page).dispatchEvent("drop", { dataTransfer: data });
  };
  await drop("notes.txt", "just some notes");
  await expect(page.locator(".editor-notice-slot")).toContainText("notes.txt is not a workflow");
  await drop(
    "release.yml",
    [
      "name: Release",
      "description: Build and ship",
      "tasks:",
      "  - name: build",
      "    phase: build",
      "    capability: research",
      "    prompt: Build it",
      "    success: built",
      "  - name: ship",
      "    phase: ship",
      "    capability: research",
      "    prompt: Ship it",
      "    success: shipped",
      "    depends_on: [build]",
      "",
    ].join("\n"),
  );
  await expect(page.locator(".editor-notice-slot")).toContainText("Imported release.yml");
  await expect.poll(async () => (await nodeIds(page)).length).toBe(2);

  // Copy in this tab, paste in another.
  await nodeOf(page, (await nodeIds(page))[0]).click();
  await page.keyboard.press("Control+c");
  const other = await context.newPage();
  await other.goto("/compose");
  await expect(other.getByRole("region", { name: "Palette" })).toBeVisible();
  await other.locator(".react-flow__pane").click({ position: { x: 10, y: 10 } });
  // The other tab may have resumed this tab's unsaved draft (same browser storage): count from there.
  const before = (await nodeIds(other)).length;
  await other.keyboard.press("Control+v");
  await expect.poll(async () => (await nodeIds(other)).length).toBe(before + 1);
  consoleErrors.expectNone();
});

test("reference autocomplete, rubber-band selection, Delete, auto-layout", async ({ page }) => {
  const consoleErrors = watchConsole(page);
  await page.goto("/compose");
  await page.getByRole("button", { name: "Hide" }).click(); // the describe box: more room for the canvas
  for (let i = 0; i < 3; i++) await page.getByRole("button", { name: "Add shell node" }).click();
  await connect(page, "N-001", "N-002");

  // `{` in a command offers the variables and the outputs of upstream nodes only (not N-003's).
  await clickNode(page, "N-002");
  const args = inspector(page).getByRole("textbox", { name: "args_template", exact: true });
  await args.fill("cat {N-00");
  const options = page.getByRole("listbox", { name: "References" }).getByRole("option");
  await expect(options).toHaveText([/\{N-001\.output\}/]);
  await args.press("Enter");
  await expect(args).toHaveValue("cat {N-001.output}");

  // Auto-layout is one undo step.
  const before = await flowPosition(page, "N-002");
  await page.getByRole("button", { name: "Auto-layout" }).click();
  await expect.poll(() => flowPosition(page, "N-002")).not.toBe(before);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect.poll(() => flowPosition(page, "N-002")).toBe(before);

  // Drag a rectangle over the whole canvas: every node is selected; Delete removes them.
  await page.getByRole("button", { name: "Fit view", exact: true }).click();
  const pane = (await canvasOf(page).locator(".react-flow__pane").boundingBox())!;
  await page.mouse.move(pane.x + 4, pane.y + 4);
  await page.mouse.down();
  const bottom = Math.min(pane.y + pane.height, page.viewportSize()!.height) - 4;
  await page.mouse.move(pane.x + pane.width - 190, bottom, { steps: 8 });
  await page.mouse.up();
  await expect(inspector(page)).toContainText("3 nodes selected");
  await page.keyboard.press("Delete");
  await expect.poll(() => nodeIds(page)).toEqual([]);
  await page.keyboard.press("Control+z");
  await expect.poll(() => nodeIds(page)).toEqual(["N-001", "N-002", "N-003"]);
  consoleErrors.expectNone();
});
