import { expect, test } from "@playwright/test";
import { canvasStatuses, getRun, query, startTemplateRun, waitForRun } from "./run-fixtures";

test("a failing node with a retry shows both attempts in the node panel and the timeline", async ({
  page,
  request,
}) => {
  const { runId } = await startTemplateRun(
    request,
    "Retry once",
    [
      {
        id: "FLAKY",
        name: "flaky",
        type: "shell",
        // Fails the first time (no marker yet), succeeds the second.
        args_template: "if [ -f marker ]; then echo second try; else touch marker; echo first try >&2; exit 3; fi",
        on_fail: "retry",
        retries: 1,
      },
    ],
    [],
  );
  await page.goto(`/runs/${encodeURIComponent(runId)}`);
  await expect(page.getByTestId("run-status")).toHaveText("succeeded", { timeout: 20_000 });
  await page.locator('.react-flow__node[data-id="FLAKY"]').click();
  await expect(page.getByTestId("attempt-FLAKY-1")).toContainText("failed");
  await expect(page.getByTestId("attempt-FLAKY-1")).toContainText("3");
  await expect(page.getByTestId("attempt-FLAKY-2")).toContainText("done");
  await expect(page.getByTestId("timeline-FLAKY-1")).toHaveAttribute("data-status", "failed");
  await expect(page.getByTestId("timeline-FLAKY-2")).toHaveAttribute("data-status", "done");
  await expect(page.getByTestId("log-FLAKY")).toContainText("second try");
});

test("reject fails the run by its policy", async ({ page, request }) => {
  const { runId } = await startTemplateRun(
    request,
    "Reject me",
    [
      { id: "A", name: "prepare", type: "shell", args_template: "echo ready" },
      { id: "CP", name: "review", type: "checkpoint", auto_continue: false, on_fail: "abort" },
      { id: "B", name: "ship", type: "shell", args_template: "echo shipped" },
    ],
    [
      { from: "A", to: "CP" },
      { from: "CP", to: "B" },
    ],
  );
  await page.goto(`/runs/${encodeURIComponent(runId)}`);
  const card = page.getByTestId("approval-CP");
  await card.getByRole("textbox", { name: "Comment" }).fill("not this week");
  await card.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByTestId("run-status")).toHaveText("failed", { timeout: 15_000 });
  await expect(page.locator('.react-flow__node[data-id="CP"]')).toHaveAttribute("data-status", "failed");
  await expect(page.locator('.react-flow__node[data-id="B"]')).not.toHaveAttribute("data-status", "done");
  await expect(page.getByTestId("decision-CP")).toContainText("not this week");
  expect((await getRun(request, runId)).run.status).toBe("failed");
});

test("replay: at the start every node is pending, at the end as stored", async ({ page, request }) => {
  const { runId } = await startTemplateRun(
    request,
    "Replay me",
    [
      { id: "A", name: "one", type: "shell", args_template: "echo one" },
      { id: "B", name: "two", type: "shell", args_template: "echo two" },
    ],
    [{ from: "A", to: "B" }],
  );
  await waitForRun(request, runId, /^succeeded$/);
  await page.goto(`/runs/${encodeURIComponent(runId)}`);
  const slider = page.getByRole("slider", { name: "Replay" });
  await expect(slider).toBeVisible();
  // Opening a finished run replays its history: no "finished" toast for what happened before.
  await expect(page.getByRole("status").filter({ hasText: "Replay me" })).toHaveCount(0);
  await slider.fill("0");
  await expect(page.getByTestId("run-status")).toHaveText("pending");
  expect(Object.values(await canvasStatuses(page))).toEqual(["pending", "pending"]);
  const max = await slider.getAttribute("max");
  await slider.fill(max!);
  await expect(page.getByTestId("run-status")).toHaveText("succeeded");
  expect(await canvasStatuses(page)).toEqual({ A: "done", B: "done" });
});

test("re-run from a node asks first, listing the finished nodes downstream, then runs them again", async ({
  page,
  request,
}) => {
  const { runId } = await startTemplateRun(
    request,
    "Re-run me",
    [
      { id: "A", name: "first", type: "shell", args_template: "echo first" },
      { id: "B", name: "second", type: "shell", args_template: "echo second" },
    ],
    [{ from: "A", to: "B" }],
  );
  await waitForRun(request, runId, /^succeeded$/);
  await page.goto(`/runs/${encodeURIComponent(runId)}`);
  await expect(page.getByTestId("run-status")).toHaveText("succeeded");
  await page.locator('.react-flow__node[data-id="A"]').click();
  await page.getByRole("button", { name: "Re-run from here" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Re-run from here?" });
  await expect(confirm).toContainText("B");
  await confirm.getByRole("button", { name: "Re-run them" }).click();
  // The finished page watches the run again, from the last event it applied.
  await expect(page.getByTestId("attempt-A-2")).toContainText("done", { timeout: 15_000 });
  await expect(page.getByTestId("run-status")).toHaveText("succeeded");
  const stored = await waitForRun(request, runId, /^succeeded$/);
  await expect
    .poll(async () => Number(await page.getByTestId("applied-events").getAttribute("data-applied-count")))
    .toBe(stored.run.lastEventId);
  // The engine counts attempts afresh after a re-run; the page keeps every attempt it saw.
  expect(stored.nodes.map((n) => [n.id, n.status])).toEqual([
    ["A", "done"],
    ["B", "done"],
  ]);
  expect(await canvasStatuses(page)).toEqual({ A: "done", B: "done" });
});

test("reload a finished run: the node panel shows every line run.log stores; a log over the cap says it was truncated", async ({
  page,
  request,
}) => {
  const { runId } = await startTemplateRun(
    request,
    "Stored logs",
    [
      {
        id: "A",
        name: "talk",
        type: "shell",
        // 3,000 numbered lines, some coloured, some on stderr, one written in two chunks; then a
        // coloured last line (stdout and stderr are separate pipes, read as their chunks arrive, so
        // only a line written after a pause is surely the last).
        args_template:
          "printf 'half '; sleep 0.2; echo 'a line'; for i in $(seq 1 3000); do " +
          "if [ $((i % 7)) -eq 0 ]; then printf 'row %04d of 3000\\n' $i >&2; " +
          "else printf '\\033[32mrow %04d\\033[0m of 3000\\n' $i; fi; done; " +
          "sleep 0.2; printf '\\033[35mthe end\\033[0m\\n'",
      },
      { id: "B", name: "flood", type: "shell", args_template: "head -c 1200000 /dev/zero | tr '\\0' y | fold -w 100" },
    ],
    [{ from: "A", to: "B" }],
  );
  await waitForRun(request, runId, /^succeeded$/);
  const storedA = await query<{ text: string; truncated: boolean }>(request, "run.log", { runId, nodeId: "A" });
  const storedLines = storedA.text.replace(/\n$/, "").split("\n");
  expect(storedLines).toHaveLength(3002);

  await page.goto(`/runs/${encodeURIComponent(runId)}`);
  await expect(page.getByTestId("run-status")).toHaveText("succeeded", { timeout: 20_000 });
  await page.reload();
  await page.locator('.react-flow__node[data-id="A"]').click();
  // The panel shows the stored log (run.log), every line of it, and nothing twice.
  await expect(page.getByTestId("log-heading")).toHaveAttribute("data-stored", "true");
  await expect(page.getByTestId("log-A-count")).toHaveText(`${storedLines.length} lines`);
  const log = page.getByTestId("log-A");
  // It follows the tail (only the lines on screen are in the page): the last line, coloured.
  await expect(log).toContainText("the end");
  await expect(log.locator('span[style*="color"]').first()).toBeVisible();
  const search = page.getByRole("searchbox", { name: "Search the log" });
  await search.fill("half a line");
  await expect(page.getByTestId("log-A-count")).toHaveText(`1 of ${storedLines.length} lines`);
  await expect(log).toContainText("half a line");
  for (const row of ["0001", "0700", "1500", "2999", "3000"]) {
    await search.fill(`row ${row} of`);
    await expect(page.getByTestId("log-A-count")).toHaveText(`1 of ${storedLines.length} lines`);
    await expect(log).toContainText(`row ${row} of 3000`);
  }
  await expect(page.getByTestId("log-truncated")).toHaveCount(0);

  const storedB = await query<{ truncated: boolean }>(request, "run.log", { runId, nodeId: "B" });
  expect(storedB.truncated).toBe(true);
  await page.locator('.react-flow__node[data-id="B"]').click();
  await expect(page.getByTestId("log-truncated")).toContainText("attempt 1 was truncated");
  await expect(page.getByTestId("log-B")).toContainText("[log truncated]");
});
