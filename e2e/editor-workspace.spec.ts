/**
 * The editor as a workspace, at the two window sizes people use: one screen (the canvas fills it,
 * the page never scrolls), the node creator (Tab, a dropped connection, the `+` on an edge), new
 * nodes always fully on screen and connected, the start drawer, sticky notes through save and
 * reload, find, align, the template's runs on its canvas, dark mode, and bad input changing nothing.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { canvasOf, clickNode, connect, nodeIds, nodeOf, watchConsole } from "./support/canvas";
import { query, saveTemplate, startRun, waitForRun } from "./run-fixtures";

const box = async (l: Locator) => (await l.boundingBox())!;

/** The box once it stops moving (the view pans or fits with a 200 ms animation): three equal reads in a row. */
async function settledBox(l: Locator) {
  let last = await box(l);
  let same = 0;
  await expect
    .poll(
      async () => {
        const now = await box(l);
        same = now.x === last.x && now.y === last.y ? same + 1 : 0;
        last = now;
        return same >= 3;
      },
      { intervals: [150] },
    )
    .toBe(true);
  return last;
}
const notice = (page: Page) => page.locator(".editor-notice-slot");
const creator = (page: Page) => page.getByRole("dialog", { name: "Add a node" });
const edges = (page: Page) => canvasOf(page).locator(".react-flow__edge");

/**
 * The node's box lies wholly inside the canvas's box (it is on screen, not under an edge), once the
 * view has finished moving to it (revealing a node pans in a 200 ms animation).
 */
async function expectOnCanvas(page: Page, id: string) {
  await expect
    .poll(async () => {
      const c = await box(canvasOf(page));
      const n = await box(nodeOf(page, id));
      return Math.min(n.x - c.x, n.y - c.y, c.x + c.width - (n.x + n.width), c.y + c.height - (n.y + n.height));
    }, `${id} lies inside the canvas`)
    .toBeGreaterThanOrEqual(0);
}

async function pageScrolls(page: Page) {
  return page.evaluate(
    () =>
      document.documentElement.scrollHeight > window.innerHeight ||
      document.documentElement.scrollWidth > window.innerWidth,
  );
}

const threeInARow = [
  { id: "A", name: "First", type: "shell", args_template: "echo a", position: { x: 0, y: 0 } },
  { id: "B", name: "Second", type: "shell", args_template: "echo b", position: { x: 300, y: 0 } },
  { id: "C", name: "Third", type: "shell", args_template: "echo c", position: { x: 600, y: 0 } },
];

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test("one screen: the canvas fills most of it, panels beside it, nothing scrolls the page", async ({
      page,
      request,
    }) => {
      const consoleErrors = watchConsole(page);
      const id = await saveTemplate(request, "Workspace layout", threeInARow, [
        { from: "A", to: "B" },
        { from: "B", to: "C" },
      ]);
      await page.goto(`/templates/${id}`);
      await expect.poll(() => nodeIds(page)).toEqual(["A", "B", "C"]);
      const c = await box(canvasOf(page));
      expect(c.x).toBeGreaterThanOrEqual(0);
      expect(c.y).toBeGreaterThanOrEqual(0);
      expect(c.x + c.width).toBeLessThanOrEqual(viewport.width);
      expect(c.y + c.height).toBeLessThanOrEqual(viewport.height);
      expect((c.width * c.height) / (viewport.width * viewport.height)).toBeGreaterThan(0.5);
      expect(await pageScrolls(page)).toBe(false);
      // Palette, inspector and the Problems count are on screen without opening anything.
      await expect(page.getByRole("button", { name: "Add shell node" })).toBeInViewport();
      await expect(page.getByRole("region", { name: "Inspector" })).toBeInViewport();
      await expect(
        page.getByRole("region", { name: "Problems" }).getByRole("button", { name: /Problems/ }),
      ).toBeInViewport();
      await expect(page.getByLabel("Minimap")).toBeVisible();
      for (const id of ["A", "B", "C"]) await expectOnCanvas(page, id);

      // The palette collapses and comes back; the canvas takes the room.
      await page.getByRole("button", { name: "Collapse the palette" }).click();
      await expect(page.getByRole("region", { name: "Palette" })).toHaveCount(0);
      expect((await box(canvasOf(page))).width).toBeGreaterThan(c.width);
      await page.getByRole("button", { name: "Expand the palette" }).click();
      await expect(page.getByRole("button", { name: "Add shell node" })).toBeVisible();

      // The run page too: canvas and node panel on one screen.
      const runId = await startRun(request, id);
      await waitForRun(request, runId, /succeeded/);
      await page.goto(`/runs/${runId}`);
      await expect(page.getByTestId("run-status")).toHaveText("succeeded");
      const rc = await box(canvasOf(page));
      expect(rc.y + rc.height).toBeLessThanOrEqual(viewport.height);
      await page.locator('.react-flow__node[data-id="B"]').click();
      await expect(page.getByTestId("node-panel")).toBeInViewport();
      expect(await pageScrolls(page)).toBe(false);
      consoleErrors.expectNone();
    });

    test("new nodes land on screen and connected: palette click, creator (Tab), dropped connection, + on an edge", async ({
      page,
    }) => {
      const consoleErrors = watchConsole(page);
      await page.goto("/compose");
      // The describe box is there on an empty canvas, without a click.
      await expect(page.getByRole("textbox", { name: "Describe the workflow" })).toBeVisible();
      await page.getByRole("button", { name: "Add shell node" }).click();
      await expect.poll(() => nodeIds(page)).toEqual(["N-001"]);
      // The drawer folded once the canvas had a node.
      await expect(page.getByRole("textbox", { name: "Describe the workflow" })).toHaveCount(0);
      await expectOnCanvas(page, "N-001");

      // Tab on the canvas with N-001 selected: the creator; Enter adds after it, connected.
      await clickNode(page, "N-001");
      await page.keyboard.press("Tab");
      await expect(creator(page)).toBeVisible();
      await creator(page).getByRole("combobox", { name: "Search node types" }).fill("agent");
      await page.keyboard.press("Enter");
      await expect(creator(page)).toHaveCount(0);
      await expect.poll(() => nodeIds(page)).toEqual(["N-001", "N-002"]);
      await expect(nodeOf(page, "N-002")).toHaveAttribute("data-type", "agent");
      await expect(edges(page)).toHaveCount(1);
      await expectOnCanvas(page, "N-002");
      // `/` works too, and chains: each new node comes after the last.
      await page.keyboard.press("/");
      await creator(page).getByRole("combobox").fill("gate");
      await page.keyboard.press("Enter");
      await expect.poll(() => nodeIds(page)).toEqual(["N-001", "N-002", "G-001"]);
      await expect(edges(page)).toHaveCount(2);
      await expectOnCanvas(page, "G-001");

      // A connection dropped on empty canvas opens the creator there and connects the new node.
      await page.getByRole("button", { name: "Fit view", exact: true }).click();
      const handle = await settledBox(nodeOf(page, "N-001").locator(".react-flow__handle.source"));
      const c = await box(canvasOf(page));
      const drop = { x: handle.x + 40, y: Math.min(c.y + c.height - 160, handle.y + 150) };
      await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
      await page.mouse.down();
      await page.mouse.move(drop.x, drop.y, { steps: 8 });
      await page.mouse.up();
      await expect(creator(page)).toContainText("after N-001");
      await creator(page).getByRole("combobox").fill("human");
      await page.keyboard.press("Enter");
      await expect.poll(async () => (await nodeIds(page)).length).toBe(4);
      await expect(nodeOf(page, "H-001")).toHaveAttribute("data-type", "human");
      await expect(edges(page)).toHaveCount(3);
      await expectOnCanvas(page, "H-001");

      // The + on an edge inserts into it: N-001 → N-002 becomes N-001 → new → N-002.
      // Hover a point on that edge's own path once the view has settled: near N-001 it runs beside the
      // edge to H-001, whose (wider, invisible) hit area may lie on top at the middle.
      const edge = canvasOf(page).locator('.react-flow__edge[data-id="N-001->N-002"]');
      await settledBox(edge);
      const onPath = await edge.locator("path.react-flow__edge-path").evaluate((el) => {
        const path = el as SVGPathElement;
        const p = path.getPointAtLength(path.getTotalLength() * 0.8);
        const m = path.getScreenCTM()!;
        return { x: p.x * m.a + p.y * m.c + m.e, y: p.x * m.b + p.y * m.d + m.f };
      });
      await page.mouse.move(onPath.x, onPath.y);
      await page.getByRole("button", { name: "Insert a node between N-001 and N-002" }).click();
      await creator(page).getByRole("combobox").fill("checkpoint");
      await page.keyboard.press("Enter");
      await expect.poll(async () => (await nodeIds(page)).length).toBe(5);
      await expect(canvasOf(page).locator('.react-flow__edge[data-id="N-001->N-002"]')).toHaveCount(0);
      await expect(canvasOf(page).locator('.react-flow__edge[data-id="N-001->CP-01"]')).toHaveCount(1);
      await expect(canvasOf(page).locator('.react-flow__edge[data-id="CP-01->N-002"]')).toHaveCount(1);
      await expectOnCanvas(page, "CP-01");

      // Palette clicks land inside the visible canvas, never on top of another node.
      for (let i = 0; i < 4; i++) await page.getByRole("button", { name: "Add loop node" }).click();
      const ids = await nodeIds(page);
      const boxes = await Promise.all(ids.map((id) => box(nodeOf(page, id))));
      for (const id of ids.filter((x) => x.startsWith("L-"))) await expectOnCanvas(page, id);
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i], boxes[j]];
          const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
          expect(apart, `${ids[i]} and ${ids[j]} overlap`).toBe(true);
        }
      consoleErrors.expectNone();
    });
  });
}

test.describe("workspace features", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("bad input changes nothing and says so where the person looks: odd creator text, a cycle, an empty injection", async ({
    page,
  }) => {
    await page.goto("/compose");
    for (let i = 0; i < 2; i++) await page.getByRole("button", { name: "Add shell node" }).click();
    await connect(page, "N-001", "N-002");
    await expect(edges(page)).toHaveCount(1);

    // Odd creator text: markup, emoji, very long — nothing matches, nothing is added.
    await page.locator(".react-flow__pane").click({ position: { x: 10, y: 10 } });
    await page.keyboard.press("/");
    const search = creator(page).getByRole("combobox");
    for (const text of ["<img src=x onerror=alert(1)>", "🎉🦄", "x".repeat(5000)]) {
      await search.fill(text);
      await expect(creator(page).getByRole("status")).toContainText("Nothing matches");
      await page.keyboard.press("Enter");
    }
    await page.keyboard.press("Escape");
    await expect(creator(page)).toHaveCount(0);
    expect(await nodeIds(page)).toEqual(["N-001", "N-002"]);

    // A connection dropped on a node that would close a cycle: refused, with the reason.
    await connect(page, "N-002", "N-001");
    await expect(notice(page)).toContainText("cycle");
    await expect(edges(page)).toHaveCount(1);

    // Inject checkpoints where no rule applies: a toast, not a dialog.
    await page.getByRole("button", { name: "Inject checkpoints" }).click();
    await expect(notice(page)).toContainText("no rule applies");
    await expect(page.getByRole("dialog", { name: "Checkpoints injected" })).toHaveCount(0);
    expect(await nodeIds(page)).toEqual(["N-001", "N-002"]);
  });

  test("describe folds the drawer; the toolbar brings it back; assumptions stay over the canvas", async ({ page }) => {
    await page.goto("/compose");
    await page.getByRole("textbox", { name: "Describe the workflow" }).fill("build it, then run the tests");
    await page.getByRole("button", { name: "Describe", exact: true }).click();
    await expect.poll(async () => (await nodeIds(page)).length).toBeGreaterThanOrEqual(2);
    const report = page.getByRole("dialog", { name: "Checkpoints injected" });
    if (await report.isVisible()) await report.getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("textbox", { name: "Describe the workflow" })).toHaveCount(0);
    await expect(page.getByRole("list", { name: "Assumptions" })).toBeVisible();
    await page.getByRole("button", { name: "From text…" }).click();
    await expect(page.getByRole("textbox", { name: "Describe the workflow" })).toBeVisible();
    await page.getByRole("button", { name: "Hide", exact: true }).click();
    await expect(page.getByRole("textbox", { name: "Describe the workflow" })).toHaveCount(0);
  });

  test("sticky notes: markdown, colour, too long refused, kept beside their node by auto-layout, through save and reload", async ({
    page,
    request,
  }) => {
    const id = await saveTemplate(
      request,
      "Notes",
      [{ id: "N-001", name: "First", type: "shell", args_template: "echo a", position: { x: 0, y: 0 } }],
      [],
    );
    await page.goto(`/templates/${id}`);
    await clickNode(page, "N-001");
    await page.getByRole("button", { name: "Add a sticky note" }).click();
    const note = canvasOf(page).locator(".react-flow__node-note");
    await expect(note).toHaveCount(1);
    await note.dblclick();
    const editor = page.getByRole("textbox", { name: "Note text (markdown)" });
    await editor.fill("x".repeat(10_001));
    await editor.blur();
    await expect(note.getByRole("alert")).toContainText("at most 10,000 characters");
    await editor.fill("# Why\n**first** <b>not html</b> 🎉");
    await editor.blur();
    await expect(note.locator("strong")).toHaveText("first");
    await expect(note).toContainText("<b>not html</b>");
    await note.click({ position: { x: 20, y: 60 } });
    await note.getByRole("button", { name: "Colour blue" }).click();
    await expect(note.locator(".sticky-note.note-blue")).toHaveCount(1);

    // Auto-layout moves the node: the note moves with it.
    const before = await box(note);
    const nodeBefore = await box(nodeOf(page, "N-001"));
    await page.getByRole("button", { name: "Add agent node" }).click();
    await connect(page, "N-002", "N-001");
    await page.getByRole("button", { name: "Auto-layout" }).click();
    await expect.poll(async () => (await box(nodeOf(page, "N-001"))).x !== nodeBefore.x).toBe(true);
    // Measured once the view has stopped moving (auto-layout fits the view in a 200 ms animation).
    await expect
      .poll(async () => {
        const nodeAfter = await box(nodeOf(page, "N-001"));
        const after = await box(note);
        return Math.abs(after.x - nodeAfter.x - (before.x - nodeBefore.x) * (nodeAfter.width / nodeBefore.width));
      }, "the note keeps its place beside its node")
      .toBeLessThan(4);

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(notice(page)).toContainText("Saved version 2");
    const saved = await query<{ template: { metadata: { notes: { text: string; colour: string; node: string }[] } } }>(
      request,
      "template.get",
      { id },
    );
    expect(saved.template.metadata.notes).toMatchObject([
      { text: "# Why\n**first** <b>not html</b> 🎉", colour: "blue", node: "N-001" },
    ]);
    await page.reload();
    await expect(canvasOf(page).locator(".react-flow__node-note")).toContainText("not html");
    // Validation is as without the note; the JSON view carries it.
    await expect(page.getByRole("region", { name: "Problems" })).toContainText("Problems");
    await page.getByRole("tab", { name: "JSON" }).click();
    await expect(page.getByRole("tabpanel")).toContainText('"notes"');
  });

  test("find a node (Ctrl F) centres it; align the selection; zoom to selection; dark mode toggle", async ({
    page,
    request,
  }) => {
    const nodes = Array.from({ length: 30 }, (_, i) => ({
      id: `S-${i + 1}`,
      name: `Step ${i + 1}`,
      type: "shell",
      args_template: "true",
      position: { x: (i % 6) * 300, y: Math.floor(i / 6) * 400 + (i % 3) * 17 },
    }));
    const id = await saveTemplate(request, "Find me", nodes, []);
    await page.goto(`/templates/${id}`);
    await expect.poll(async () => (await nodeIds(page)).length).toBe(30);
    await page.locator(".react-flow__pane").click({ position: { x: 10, y: 10 } });
    await page.keyboard.press("Control+f");
    await page.getByRole("textbox", { name: "Find a node" }).fill("step 29");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("region", { name: "Inspector" }).locator('[data-node-id="S-29"]')).toBeVisible();
    const flow = await box(canvasOf(page).locator(".react-flow"));
    const found = await box(nodeOf(page, "S-29"));
    expect(Math.abs(found.x + found.width / 2 - (flow.x + flow.width / 2))).toBeLessThan(3);
    expect(Math.abs(found.y + found.height / 2 - (flow.y + flow.height / 2))).toBeLessThan(3);
    await page.keyboard.press("Escape");

    // Align: shift-select two nodes, align their tops.
    await page.getByRole("button", { name: "Fit view", exact: true }).click();
    await clickNode(page, "S-1");
    await clickNode(page, "S-2", ["Shift"]);
    await page.getByRole("button", { name: "Arrange ▾" }).click();
    await page.getByRole("menuitem", { name: "Align top edges" }).click();
    await expect
      .poll(async () => (await box(nodeOf(page, "S-1"))).y - (await box(nodeOf(page, "S-2"))).y)
      .toBeCloseTo(0, 0);
    await page.getByRole("button", { name: "Zoom to selection" }).click();
    await expectOnCanvas(page, "S-1");
    await expectOnCanvas(page, "S-2");

    // Dark mode: the toggle cycles system → light → dark and the canvas follows.
    const toggle = page.getByRole("button", { name: /Colour theme/ });
    await toggle.click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
    await toggle.click();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect(canvasOf(page).locator(".react-flow")).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await toggle.click();
    await expect(page.locator("html")).not.toHaveAttribute("data-theme", /./);
    // Back to the system's scheme, which follows the system when it changes.
    await expect(page.locator("html")).toHaveAttribute("data-scheme", "light");
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("html")).toHaveAttribute("data-scheme", "dark");
    await page.emulateMedia({ colorScheme: "light" });
  });

  test("the template's runs beside the canvas: newest first, live; choosing one colours the canvas and shows its log", async ({
    page,
    request,
  }) => {
    const id = await saveTemplate(
      request,
      "Runs in the editor",
      [
        { id: "A", name: "say", type: "shell", args_template: "echo hello from A" },
        { id: "B", name: "fail", type: "shell", args_template: "echo nope >&2; exit 3" },
      ],
      [{ from: "A", to: "B" }],
    );
    const first = await startRun(request, id);
    await waitForRun(request, first, /failed/);
    await page.goto(`/templates/${id}`);
    await page.getByRole("tab", { name: "Runs" }).click();
    const list = page.getByRole("list", { name: "Runs" });
    await expect(list.getByRole("button")).toHaveCount(1);
    // A run started now appears at the top without a reload.
    const second = await startRun(request, id);
    await expect(list.getByRole("button")).toHaveCount(2);
    await expect(list.getByRole("button").first()).toContainText(second);
    await waitForRun(request, second, /failed/);
    await list.getByRole("button").filter({ hasText: first }).click();
    await expect(nodeOf(page, "A")).toHaveAttribute("data-status", "done");
    await expect(nodeOf(page, "B")).toHaveAttribute("data-status", "failed");
    // Status is text on the node, not only colour.
    await expect(nodeOf(page, "B")).toContainText("failed");
    await clickNode(page, "A");
    await expect(page.getByTestId("log-A")).toContainText("hello from A");
    await expect(page.getByRole("link", { name: "Open run page" })).toHaveAttribute("href", `/runs/${first}`);
    // Back to the inspector: the canvas is the editor's again.
    await list.getByRole("button").filter({ hasText: first }).click();
    await expect(nodeOf(page, "A")).not.toHaveAttribute("data-status", /./);
  });
});
