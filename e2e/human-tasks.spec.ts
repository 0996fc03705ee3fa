import { expect, test } from "@playwright/test";
import { getRun, pendingApproval, saveTemplate, startRun, waitForRun } from "./run-fixtures";

const node = (page: import("@playwright/test").Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);

test("a human task with options: the inbox card shows the prompt and one button per option; the chosen option is the answer downstream and in the history", async ({
  page,
  request,
}) => {
  const tpl = await saveTemplate(
    request,
    `Release ${Date.now()}`,
    [
      { id: "H", name: "Release?", type: "human", prompt: "Ship {version}?", options: ["ship", "hold"] },
      { id: "B", name: "announce", type: "shell", args_template: "echo answer={H.output}" },
    ],
    [{ from: "H", to: "B" }],
    { context_schema: { version: { type: "string", required: true } } },
  );
  const runId = await startRun(request, tpl, { version: "2.4.0" });
  await pendingApproval(request, runId, "H");

  await page.goto("/");
  const card = page.getByTestId("approval-H").filter({ has: page.getByRole("link", { name: `run ${runId}` }) });
  await expect(card).toContainText("Human task");
  await expect(card).toContainText("Ship 2.4.0?");
  const buttons = card.getByRole("button");
  await expect(buttons).toHaveText(["ship", "hold", "Reject"]);
  // Options are the answer: no free-text box beside them.
  await expect(card.getByRole("textbox", { name: "Answer" })).toHaveCount(0);
  await card.getByRole("textbox", { name: "Comment" }).fill("green across the board");
  await card.getByRole("button", { name: "hold" }).click();
  await expect(card).toHaveCount(0);

  const done = await waitForRun(request, runId, /^succeeded$/);
  const stored = done.nodes as { id: string; status: string; output?: string }[];
  expect(stored.find((n) => n.id === "H")?.output).toBe("hold");
  expect(stored.find((n) => n.id === "B")?.output).toContain("answer=hold");

  await page.goto(`/runs/${encodeURIComponent(runId)}`);
  await expect(page.getByTestId("run-status")).toHaveText("succeeded");
  await expect(page.getByTestId("decision-H")).toContainText("hold on H by admin@e2e.test");
  await expect(page.getByTestId("decision-H")).toContainText("green across the board");
});

test("a human task without options asks for a free-text answer in a form on the run page; the answer reaches the next node", async ({
  page,
  request,
}) => {
  const tpl = await saveTemplate(
    request,
    `Ask ${Date.now()}`,
    [
      { id: "H", name: "Which branch?", type: "human", prompt: "Which branch should we release from?" },
      { id: "B", name: "use it", type: "shell", args_template: "echo branch={H.output}" },
    ],
    [{ from: "H", to: "B" }],
  );
  const runId = await startRun(request, tpl);
  await page.goto(`/runs/${encodeURIComponent(runId)}`);
  await expect(node(page, "H")).toHaveAttribute("data-status", "waiting");
  const form = page.getByRole("form", { name: "Decide H" });
  await expect(page.getByTestId("approval-H")).toContainText("Which branch should we release from?");
  await form.getByRole("textbox", { name: "Answer" }).fill("release/2.4 with 'quotes' & $dollars");
  await form.getByRole("button", { name: "Approve" }).click();

  await expect(page.getByTestId("run-status")).toHaveText("succeeded", { timeout: 15_000 });
  await expect(node(page, "B")).toHaveAttribute("data-status", "done");
  await expect(page.getByTestId("decision-H")).toContainText("answer: release/2.4 with 'quotes' & $dollars");
  const stored = (await getRun(request, runId)).nodes as { id: string; output?: string }[];
  expect(stored.find((n) => n.id === "B")?.output).toContain("branch=release/2.4 with 'quotes' & $dollars");
});

test("a gate whose value matches no branch asks for a branch; choosing one takes it and skips the others", async ({
  page,
  request,
}) => {
  const tpl = await saveTemplate(
    request,
    `Route ${Date.now()}`,
    [
      { id: "G", name: "Where to?", type: "gate", condition: "{env}" },
      { id: "S", name: "staging", type: "shell", args_template: "echo staging" },
      { id: "P", name: "production", type: "shell", args_template: "echo production" },
      { id: "N", name: "notify", type: "shell", args_template: "echo done" },
    ],
    [
      { from: "G", to: "S", label: "staging" },
      { from: "G", to: "P", label: "production" },
      { from: "S", to: "N" },
      { from: "P", to: "N" },
    ],
    { context_schema: { env: { type: "string", required: true } } },
  );
  const runId = await startRun(request, tpl, { env: "qa" });
  await page.goto(`/runs/${encodeURIComponent(runId)}`);
  await expect(node(page, "G")).toHaveAttribute("data-status", "waiting");
  const card = page.getByTestId("approval-G");
  await expect(card).toContainText("Gate: choose a branch");
  await expect(card).toContainText('No branch matches "qa"');
  await expect(card.getByRole("button")).toHaveText(["staging", "production", "Reject"]);
  await card.getByRole("button", { name: "production" }).click();

  await expect(page.getByTestId("run-status")).toHaveText("succeeded", { timeout: 15_000 });
  await expect(node(page, "G")).toHaveAttribute("data-status", "done");
  await expect(node(page, "P")).toHaveAttribute("data-status", "done");
  await expect(node(page, "S")).toHaveAttribute("data-status", "skipped");
  // The join behind both branches still runs.
  await expect(node(page, "N")).toHaveAttribute("data-status", "done");
  await expect(page.getByTestId("decision-G")).toContainText("production on G");
  const stored = await getRun(request, runId);
  expect(Object.fromEntries(stored.nodes.map((n) => [n.id, n.status]))).toEqual({
    G: "done",
    S: "skipped",
    P: "done",
    N: "done",
  });
});

test("a person checking a node's output approves or rejects it: no answer box, the node keeps its own output", async ({
  page,
  request,
}) => {
  const tpl = await saveTemplate(
    request,
    `Checked ${Date.now()}`,
    [
      {
        id: "D",
        name: "Draft",
        type: "shell",
        args_template: "echo draft-1",
        checks: [{ type: "human", prompt: "Is the draft fine?" }],
      },
    ],
    [],
  );
  const runId = await startRun(request, tpl);
  await page.goto(`/runs/${encodeURIComponent(runId)}`);
  const card = page.getByTestId("approval-D");
  await expect(card).toContainText("Is the draft fine?");
  await expect(card.getByRole("textbox", { name: "Answer" })).toHaveCount(0);
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("run-status")).toHaveText("succeeded", { timeout: 15_000 });
  const stored = (await getRun(request, runId)).nodes as { id: string; output?: string }[];
  expect(stored.find((n) => n.id === "D")?.output).toBe("draft-1");
});
