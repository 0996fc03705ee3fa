import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { createEngineHarness, type EngineHarness } from "@/server/test-support/engine-harness";
import type { EnvVars } from "@/server/config/env-vars";
import { loadExecutorCatalog } from "@/server/catalog/load-executor-catalog";
import { createAgentProviders } from "@/server/providers/agent-providers";

let h: EngineHarness | undefined;
let server: http.Server;
let base = "";
const seen: { method?: string; url?: string; body: string; auth?: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      seen.push({ method: req.method, url: req.url, body, auth: req.headers.authorization });
      if (req.url?.startsWith("/fail")) {
        res.writeHead(503).end("down");
        return;
      }
      res.writeHead(200, { "content-type": "text/plain" }).end(`got ${req.method} ${body}`);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
afterEach(() => {
  h?.close();
  h = undefined;
});

/** `env`: the environment the engine's providers and catalog are built from (as the composition root does). */
async function runOne(fields: Record<string, unknown>, vars: Record<string, string> = {}, env: EnvVars = {}) {
  h = createEngineHarness({ providers: createAgentProviders(env), catalog: () => loadExecutorCatalog(env) });
  //  A
  const t = buildTemplate()
    .vars(...Object.keys(vars))
    .node("A", fields)
    .done();
  const { runId } = h.engine.startRun({ template: t, variables: vars });
  return (await h.engine.settled(runId)).nodes.A;
}

describe("http, agent and skill executors", () => {
  it("http: templates substituted, 2xx output, non-2xx fails", async () => {
    const ok = await runOne(
      {
        type: "http",
        method: "post",
        url: `${base}/hook/{id}`,
        headers: { Authorization: "Bearer {token}" },
        body: '{"v":"{id}"}',
      },
      { id: "42", token: "t0k" },
    );
    expect(ok).toMatchObject({ status: "done", output: 'got POST {"v":"42"}' });
    expect(seen.at(-1)).toMatchObject({ url: "/hook/42", auth: "Bearer t0k" });
    h!.close();
    const bad = await runOne({ type: "http", url: `${base}/fail` });
    expect(bad.status).toBe("failed");
    expect(bad.error).toMatch(/HTTP 503/);
  });

  it("http: values in the path and query are URL-encoded; only a leading base URL is used as written", async () => {
    const r = await runOne(
      { type: "http", url: "{base}/items/{id}?q={q}&n=1" },
      { base, id: "../admin?x=1#", q: "a&b c/d" },
    );
    expect(r.status).toBe("done");
    expect(seen.at(-1)?.url).toBe("/items/..%2Fadmin%3Fx%3D1%23?q=a%26b%20c%2Fd&n=1");
    h!.close();
    const host = await runOne({ type: "http", url: "http://{host}/x" }, { host: "evil.com/?" });
    expect(host.error).toMatch(/stands in the URL.s host part and may only hold host-name characters/);
    h!.close();
    const notUrl = await runOne({ type: "http", url: "{base}/x" }, { base: "file:///etc/passwd" });
    expect(notUrl.error).toMatch(/must be an http\(s\) URL/);
  });

  it("agent: a CLI provider gets the prompt on stdin; no provider fails clearly", async () => {
    const none = await runOne({ type: "agent", prompt: "hi" });
    expect(none.error).toMatch(/no agent provider/);
    h!.close();
    const up = await runOne(
      { type: "agent", prompt: "summarise {topic}" },
      { topic: "dags" },
      { WF_AGENT_CMD: "tr a-z A-Z" },
    );
    expect(up).toMatchObject({ status: "done", output: "SUMMARISE DAGS" });
  });

  it("skill: the catalog entry's recipe runs with {args}", async () => {
    const catalogDir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-catalog-"));
    const catalog = path.join(catalogDir, "catalog.json");
    fs.writeFileSync(
      catalog,
      JSON.stringify({ version: 1, entries: { greet: { recipe: { kind: "shell", command: "echo hello {args}" } } } }),
    );
    const ok = await runOne(
      { type: "skill", executor: "greet", args_template: "{who}" },
      { who: "a b" },
      { WF_CATALOG: catalog },
    );
    expect(ok).toMatchObject({ status: "done", output: "hello a b" });
    h!.close();
    const missing = await runOne({ type: "skill", executor: "nope" }, {}, { WF_CATALOG: catalog });
    expect(missing.status).toBe("failed");
    fs.rmSync(catalogDir, { recursive: true, force: true });
  });
});
