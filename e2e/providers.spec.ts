import { expect, test } from "@playwright/test";
import { clickNode, nodeIds, watchConsole } from "./support/canvas";
import { shoot } from "./support/screenshots";

test.use({ viewport: { width: 1440, height: 900 } });

test("an agent workflow on a fresh install: the Run form says a provider is needed, Settings adds cat, Test answers, the run finishes", async ({
  page,
}) => {
  const consoleErrors = watchConsole(page);
  page.on("dialog", (d) => void d.accept()); // the delete confirmation at the end

  // Fresh install: no provider.
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Agent providers" });
  await expect(section).toContainText("No agent provider yet");

  // Draw an agent workflow and save it.
  await page.goto("/compose");
  await page.getByRole("button", { name: "Add agent node" }).click();
  await expect.poll(() => nodeIds(page)).toHaveLength(1);
  const [agent] = await nodeIds(page);
  await clickNode(page, agent);
  const inspector = page.getByRole("region", { name: "Inspector" });
  await inspector.getByRole("textbox", { name: "prompt", exact: true }).fill("Say hello to the reviewers");
  // Problems warns on the node, with the way to Settings.
  const problems = page.getByRole("region", { name: "Problems" });
  await expect(problems.getByRole("button", { name: new RegExp(`WF110.*${agent}`) })).toBeVisible();
  await expect(problems.getByRole("link", { name: "Set up an agent provider" })).toHaveAttribute(
    "href",
    "/settings#agent-providers",
  );
  await page.locator(".react-flow__pane").click({ position: { x: 10, y: 10 } });
  await inspector.getByRole("textbox", { name: "name", exact: true }).fill("Provider journey");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(/\/templates\/tpl_/);
  const templateUrl = page.url();

  // The Run form says so before Start, names the node and links to Settings.
  await page.getByRole("button", { name: "Run…" }).click();
  const form = page.getByRole("form", { name: "Run this template" });
  const notice = form.getByRole("status", { name: "Agent provider needed" });
  await expect(notice).toContainText(agent);
  await expect(notice).toContainText("none is ready");
  await expect(form.getByRole("button", { name: "Start run" })).toBeDisabled();
  await shoot(page, "run-form-provider-notice");
  await notice.getByRole("link", { name: /Settings → Agent providers/ }).click();
  await expect(page).toHaveURL(/\/settings#agent-providers$/);

  // A command that cannot start is refused naming the field; nothing is saved (the browser logs that 400).
  consoleErrors.expectNone();
  await section.getByRole("textbox", { name: "Provider name" }).fill("echo");
  await section.getByRole("textbox", { name: "Command" }).fill("no-such-agent-wf-e2e -p");
  await section.getByRole("button", { name: "Add provider" }).click();
  await expect(section.getByRole("alert")).toContainText("command: cannot start no-such-agent-wf-e2e");
  await expect(section).toContainText("No agent provider yet");
  const laterErrors = watchConsole(page);

  // cat echoes the prompt: a real program on the server's PATH.
  await section.getByRole("textbox", { name: "Command" }).fill("cat");
  await section.getByRole("button", { name: "Add provider" }).click();
  const row = section.getByRole("row", { name: "Provider echo" });
  await expect(row).toContainText("ready");
  await expect(row).toContainText("default");
  await expect(row).toContainText("Settings");
  await row.getByRole("button", { name: "Test", exact: true }).click();
  await expect(row.getByRole("status")).toContainText("Reply with one short line: ok");
  await expect(row.getByRole("status")).toContainText(/Answered in \d+ ms/);
  await shoot(page, "settings-agent-providers");

  // Now the run starts and finishes with the agent's answer.
  await page.goto(templateUrl);
  await page.getByRole("button", { name: "Run…" }).click();
  await expect(form.getByRole("status", { name: "Agent provider needed" })).toHaveCount(0);
  await form.getByRole("button", { name: "Start run" }).click();
  await expect(page).toHaveURL(/\/runs\/run_/);
  await expect(page.getByTestId("run-status")).toHaveText("succeeded", { timeout: 15_000 });
  await expect(page.locator(`.react-flow__node[data-id="${agent}"]`)).toHaveAttribute("data-status", "done");

  // The finished run is history: the Run form now says how long the workflow usually takes.
  await page.goto(templateUrl);
  await page.getByRole("button", { name: "Run…" }).click();
  await expect(form.getByTestId("run-estimate")).toHaveText(/^Usually takes ~\d+ s \(1 run\)$/);

  // Leave the install as it was for the specs after this one.
  await page.goto("/settings");
  await section.getByRole("button", { name: "Delete provider echo" }).click();
  await expect(section).toContainText("No agent provider yet");
  laterErrors.expectNone();
});
