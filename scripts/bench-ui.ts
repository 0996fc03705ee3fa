/**
 * `npm run bench:ui`: the editor at 1,000 nodes in headless Chromium, against the production build
 * (built first when missing) on its own port and data folder. Prints figures, asserts nothing:
 *  - open: navigation → 1,000 nodes drawn and a node click answered by the inspector (median of 5);
 *  - frame times (median, p95) while dragging a node and while panning, and the main thread's busy
 *    time per 16.7 ms frame slot while dragging (from a Chrome trace: frame-to-frame times are capped by vsync);
 *  - the node creator: a key press (`/`) → its search box drawn (median of 7);
 *  - find a node: Enter in the find box → the view centred on the node (median of 7);
 *  - Simulate: the click → the Simulation panel's answer and the drawn nodes' data-sim-status painted (median of 7);
 *  - validation time per edit (the editor's debounced validator, measured in the page).
 * WF_BENCH_UI_ONLY=open | drag | find | simulate | mermaid runs one part; with it, WF_BENCH_UI_PROFILE=<file> writes a
 * CPU profile of that part and (open, drag, find) WF_BENCH_UI_TRACE=<file> a Chrome trace (style, layout, paint).
 */
import { spawn, execSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "@playwright/test";
import { chromiumLaunchOptions } from "@/e2e/chromium-launch-options";
import { dragFigures, f, frameTimes } from "./bench/ui-frames";
import { median, percentile } from "./bench/measure";

const PORT = Number(process.env.WF_BENCH_UI_PORT ?? 3391);
const BASE = `http://127.0.0.1:${PORT}`;
const NODES = 1000;
// The server starts with an admin and an API token: the API calls send the token, the page signs in.
const TOKEN = "bench-ui-token";
const ADMIN = { email: "admin@bench.test", password: "bench-ui-admin-password" };

function layeredTemplate(n: number) {
  const width = 10;
  const nodes = Array.from({ length: n }, (_, i) => ({
    id: `N-${String(i + 1).padStart(4, "0")}`,
    name: `Step ${i + 1}`,
    type: "shell",
    args_template: `echo step ${i + 1}`,
  }));
  const edges = [];
  for (let i = width; i < n; i++) edges.push({ from: nodes[i - width].id, to: nodes[i].id });
  return { template_id: `wft-bench-ui-${n}`, name: `UI bench ${n}`, nodes, edges };
}

async function trpc(procedure: string, input: unknown) {
  const res = await fetch(`${BASE}/api/trpc/${procedure}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify(input),
  });
  if (!res.ok) throw new Error(`${procedure}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { result: { data: unknown } }).result.data;
}

/** Open → interactive at NODES nodes (median of `runs`). */
async function openFigures(page: Page, id: string, runs: number) {
  const opens: number[] = [];
  const phases: Record<"document" | "drawn" | "longTasks", number[]> = { document: [], drawn: [], longTasks: [] };
  for (let run = 0; run < runs; run++) {
    const t0 = Date.now();
    await page.goto(`${BASE}/templates/${id}`, { waitUntil: "domcontentloaded" });
    phases.document.push(Date.now() - t0);
    const node = page.locator(".react-flow__node-workflow").first();
    await node.waitFor();
    phases.drawn.push(Date.now() - t0);
    await node.click();
    await page.locator("[data-node-id]").waitFor();
    opens.push(Date.now() - t0);
    phases.longTasks.push(await page.evaluate(`window.__longTasks.reduce((a, b) => a + b, 0)`));
  }
  console.log(
    `open ${NODES} nodes → interactive: median ${f(median(opens))} (runs: ${opens.map(String).join(", ")} ms;` +
      ` document ${f(median(phases.document))}, first node drawn ${f(median(phases.drawn))},` +
      ` main-thread long tasks ${f(median(phases.longTasks))})`,
  );
}

/** Open, drag, pan and validation figures of the editor at NODES nodes. */
async function editorFigures(page: Page, id: string) {
  await openFigures(page, id, 5);

  await dragFigures(page, NODES);
  await creatorAndFindFigures(page);
  await simulateFigures(page);

  const pane = (await page.locator(".react-flow__pane").boundingBox())!;
  const pan = await frameTimes(page, async () => {
    await page.mouse.move(pane.x + pane.width / 2, pane.y + pane.height / 2);
    for (let i = 0; i < 60; i++) await page.mouse.wheel(12, 6);
  });
  console.log(
    `pan at ${NODES} nodes: frame median ${f(median(pan))}, p95 ${f(percentile(pan, 95))} (${pan.length} frames)`,
  );

  await page.evaluate(() => ((window as unknown as { __wfValidationMs: number[] }).__wfValidationMs = []));
  // Nothing selected: the inspector edits the template's own name (each edit is one validation).
  await page.locator(".react-flow__pane").click({ position: { x: 5, y: 5 } });
  const name = page.getByRole("region", { name: "Inspector" }).getByRole("textbox", { name: "name", exact: true });
  for (let i = 0; i < 7; i++) {
    await name.fill(`UI bench edited ${i}`);
    await page.waitForFunction(
      (n) => (window as unknown as { __wfValidationMs: number[] }).__wfValidationMs.length >= n,
      i + 1,
    );
  }
  const validation = await page.evaluate(() => (window as unknown as { __wfValidationMs: number[] }).__wfValidationMs);
  console.log(
    `validation per edit at ${NODES} nodes: median ${f(median(validation))}, max ${f(Math.max(...validation))}`,
  );
}

/**
 * Times from a key press to what it opens, measured in the page: the event is dispatched and a
 * MutationObserver waits for `done()` to hold, then one more frame (the figure includes drawing).
 */
async function keyToFrame(page: Page, setup: string, done: string): Promise<number> {
  // A string, not a function: tsx names inner functions with a helper the page does not have.
  return (await page.evaluate(`new Promise((resolve) => {
    const done = () => ${done};
    let t0 = 0;
    const observer = new MutationObserver(() => {
      if (!done()) return;
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - t0));
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    t0 = performance.now();
    ${setup}
  })`)) as number;
}

/** Simulate at NODES nodes: the click → the answer painted (panel and every drawn node), server round trip included. */
async function simulateFigures(page: Page) {
  const times: number[] = [];
  const button = `[...document.querySelectorAll(".editor-actions button")].find((b) => b.textContent.trim() === "Simulate")`;
  const painted = `(() => {
    const panel = document.querySelector('[role="region"][aria-label="Simulation"]');
    if (!panel || !panel.textContent.includes("A run would end")) return false;
    const drawn = [...document.querySelectorAll(".react-flow__node-workflow")];
    return drawn.length > 0 && drawn.every((n) => n.hasAttribute("data-sim-status"));
  })()`;
  const requests: number[] = [];
  for (let i = 0; i < 7; i++) {
    times.push(await keyToFrame(page, `${button}.click();`, painted));
    requests.push(
      (await page.evaluate(
        `performance.getEntriesByType("resource").filter((e) => e.name.includes("run.simulate")).at(-1)?.duration ?? 0`,
      )) as number,
    );
    await page.getByRole("button", { name: "Close the simulation" }).click();
  }
  console.log(
    `Simulate at ${NODES} nodes: click → result painted median ${f(median(times))}, max ${f(Math.max(...times))}` +
      ` (goal < 300 ms; of which the run.simulate request median ${f(median(requests))})`,
  );
}

/** The node creator (`/`) and find-a-node (Ctrl F → an id → Enter) at NODES nodes; "absent" before they existed. */
async function creatorAndFindFigures(page: Page) {
  await page.locator(".react-flow__pane").click({ position: { x: 5, y: 5 } });
  const creator = `document.querySelector('[role="dialog"][aria-label="Add a node"]')`;
  const opens: number[] = [];
  for (let i = 0; i < 7; i++) {
    const ms = await Promise.race([
      keyToFrame(
        page,
        `document.querySelector(".react-flow__pane").dispatchEvent(new KeyboardEvent("keydown", { key: "/", bubbles: true }));`,
        creator,
      ),
      new Promise<number>((r) => setTimeout(() => r(-1), 3000)),
    ]);
    if (ms < 0) break;
    opens.push(ms);
    await page.keyboard.press("Escape");
    await page.waitForFunction(`!${creator}`);
  }
  console.log(
    opens.length
      ? `node creator at ${NODES} nodes: key → search box drawn median ${f(median(opens))}, max ${f(Math.max(...opens))}`
      : `node creator at ${NODES} nodes: absent`,
  );

  const finds: number[] = [];
  const findBox = `document.querySelector('input[aria-label="Find a node"]')`;
  for (let i = 0; i < 7; i++) {
    const target = `N-${String(100 * i + 55).padStart(4, "0")}`;
    await page.keyboard.press("Control+f");
    const opened = await page
      .waitForFunction(findBox, undefined, { timeout: 2000 })
      .then(() => true)
      .catch(() => false);
    if (!opened) break;
    await page.locator('input[aria-label="Find a node"]').fill(target);
    // Centred: the node's box centre within 2 px of the canvas's centre.
    const centred = `(() => {
      const el = document.querySelector('.react-flow__node[data-id="${target}"]');
      const pane = document.querySelector(".react-flow");
      if (!el || !pane) return false;
      const a = el.getBoundingClientRect(), b = pane.getBoundingClientRect();
      return Math.abs(a.x + a.width / 2 - (b.x + b.width / 2)) < 2 && Math.abs(a.y + a.height / 2 - (b.y + b.height / 2)) < 2;
    })()`;
    finds.push(
      await keyToFrame(
        page,
        `${findBox}.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));`,
        centred,
      ),
    );
    await page.keyboard.press("Escape");
  }
  console.log(
    finds.length
      ? `find a node at ${NODES} nodes: Enter → node centred median ${f(median(finds))}, max ${f(Math.max(...finds))}`
      : `find a node at ${NODES} nodes: absent`,
  );
}

async function main() {
  if (!fs.existsSync(".next/BUILD_ID")) execSync("npx next build", { stdio: "inherit" });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-bench-ui-"));
  const server = spawn(
    "node",
    ["node_modules/next/dist/bin/next", "start", "--hostname", "127.0.0.1", "--port", String(PORT)],
    {
      env: {
        ...process.env,
        WF_DATA_DIR: dataDir,
        NODE_ENV: "production",
        WF_API_TOKEN: TOKEN,
        WF_ADMIN_EMAIL: ADMIN.email,
        WF_ADMIN_PASSWORD: ADMIN.password,
      },
      stdio: "ignore",
    },
  );
  let browser: Browser | undefined;
  try {
    for (let i = 0; i < 100; i++) {
      if (
        await fetch(`${BASE}/api/trpc/health.ping`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const { id } = (await trpc("template.save", { template: layeredTemplate(NODES) })) as { id: string };
    browser = await chromium.launch(chromiumLaunchOptions());
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const login = await page.request.post(`${BASE}/api/trpc/auth.login`, { data: ADMIN });
    if (!login.ok()) throw new Error(`auth.login: ${login.status()} ${await login.text()}`);
    // Main-thread long tasks during each load: how much of "open" is work on the page's thread.
    await page.addInitScript(`
      window.__longTasks = [];
      window.__wfValidationMs = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(e.duration); })
        .observe({ type: "longtask", buffered: true });
    `);
    await page.goto(`${BASE}/templates`); // warm the server and the browser cache
    // WF_BENCH_UI_ONLY=mermaid: only the Mermaid edit (profiling it); =simulate: only Simulate.
    if (process.env.WF_BENCH_UI_ONLY === "simulate") {
      await page.goto(`${BASE}/templates/${id}`);
      await page.locator(".react-flow__node-workflow").first().click(); // answered: the page is hydrated
      await page.locator("[data-node-id]").waitFor();
      const cdp = process.env.WF_BENCH_UI_PROFILE ? await page.context().newCDPSession(page) : undefined;
      await cdp?.send("Profiler.enable");
      await cdp?.send("Profiler.start");
      await simulateFigures(page);
      if (cdp)
        fs.writeFileSync(process.env.WF_BENCH_UI_PROFILE!, JSON.stringify((await cdp.send("Profiler.stop")).profile));
      return;
    }
    // =open: only the open loop (7 opens; profiled as a whole with WF_BENCH_UI_PROFILE); =find: only the
    // creator and find figures.
    const only = process.env.WF_BENCH_UI_ONLY;
    if (only === "open" || only === "find" || only === "drag") {
      const cdp = process.env.WF_BENCH_UI_PROFILE ? await page.context().newCDPSession(page) : undefined;
      if (only === "find" || only === "drag") {
        await page.goto(`${BASE}/templates/${id}`);
        await page.locator(".react-flow__node-workflow").first().click();
        await page.locator("[data-node-id]").waitFor();
      }
      await cdp?.send("Profiler.enable");
      await cdp?.send("Profiler.start");
      const traced = process.env.WF_BENCH_UI_TRACE ? await page.context().newCDPSession(page) : undefined;
      const events: unknown[] = [];
      traced?.on("Tracing.dataCollected", (e) => events.push(...e.value));
      await traced?.send("Tracing.start", {
        categories: "devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing",
        transferMode: "ReportEvents",
      });
      if (only === "open") await openFigures(page, id, 7);
      else if (only === "drag") await dragFigures(page, NODES);
      else await creatorAndFindFigures(page);
      if (cdp)
        fs.writeFileSync(process.env.WF_BENCH_UI_PROFILE!, JSON.stringify((await cdp.send("Profiler.stop")).profile));
      if (traced) {
        const done = new Promise((resolve) => traced.once("Tracing.tracingComplete", resolve));
        await traced.send("Tracing.end");
        await done;
        fs.writeFileSync(process.env.WF_BENCH_UI_TRACE!, JSON.stringify({ traceEvents: events }));
      }
      console.log(
        `load average: ${os
          .loadavg()
          .map((x) => x.toFixed(2))
          .join(" ")}`,
      );
      return;
    }
    if (only !== "mermaid") await editorFigures(page, id);
    // Mermaid source of the 1,000-node workflow edited in its text view → the draft (the canvas's
    // source) updated. The view waits 500 ms after the last keystroke; the figure is what comes after:
    // import, validation of the import, the new draft, and the page re-rendered (the title shows it).
    await page.goto(`${BASE}/templates/${id}`);
    await page.getByRole("tab", { name: "Mermaid" }).click();
    const source = page.getByRole("textbox", { name: "Mermaid source" });
    await source.waitFor();
    const mermaidTimes: number[] = [];
    const profiling = process.env.WF_BENCH_UI_PROFILE;
    const cdp = profiling ? await page.context().newCDPSession(page) : undefined;
    if (cdp) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.start");
    }
    // Each edit starts with the editor idle (its validation of the last draft done), as after a pause.
    const validations = (n: number) =>
      page.waitForFunction(
        (k) => (window as unknown as { __wfValidationMs: number[] }).__wfValidationMs.length >= k,
        n,
      );
    const before = (await page.evaluate(`window.__wfValidationMs.length`)) as number;
    await validations(Math.max(1, before));
    for (let i = 0; i < 5; i++) {
      const done = (await page.evaluate(`window.__wfValidationMs.length`)) as number;
      const text = await source.inputValue();
      const title = `Mermaid edit ${i}`;
      // Set the value as one input event (Playwright's fill types 146 KB of text too slowly to time), and
      // time it in the page: from the input event to the first frame after the title heading shows the new
      // name (a MutationObserver, not Playwright's role polling, which walks the 1,000-node DOM each time).
      // A string, not a function: tsx names inner functions with a helper the page does not have.
      const ms = (await page.evaluate(`new Promise((resolve) => {
        const value = ${JSON.stringify(text.replace(/^title: .*$/m, `title: ${title}`))};
        const el = document.querySelector("#source-mermaid");
        let t0 = 0;
        const observer = new MutationObserver(() => {
          if (!document.querySelector("h1")?.textContent?.includes(${JSON.stringify(title)})) return;
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - t0));
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        t0 = performance.now();
        Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value").set.call(el, value);
        el.dispatchEvent(new Event("input", { bubbles: true }));
      })`)) as number;
      mermaidTimes.push(ms - 500);
      await validations(done + 1);
    }
    if (cdp) {
      const { profile } = await cdp.send("Profiler.stop");
      fs.writeFileSync(profiling!, JSON.stringify(profile));
    }
    // The view's own user timings: the worker round trip (import + structured clone) and the store edit;
    // the rest is React rendering the new draft (canvas projection, React Flow, the other panels).
    const timings = (await page.evaluate(`performance.getEntriesByType("measure")
      .filter((m) => m.name.startsWith("wf-")).map((m) => [m.name, m.duration])`)) as [string, number][];
    const part = (name: string) => median(timings.filter(([n]) => n === name).map(([, d]) => d));
    console.log(
      `Mermaid source edit at ${NODES} nodes → draft updated, after the 500 ms pause: median ${f(median(mermaidTimes))}` +
        ` (worker import ${f(part("wf-import"))}, store edit ${f(part("wf-apply"))}, the rest rendering)`,
    );
    console.log(
      `load average: ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(" ")}`,
    );
  } finally {
    // Also after the one-part runs (WF_BENCH_UI_ONLY), which return early: an open browser keeps the process alive.
    await browser?.close();
    server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
