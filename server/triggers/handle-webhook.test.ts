/**
 * `POST /api/hooks/<triggerId>` over real HTTP on 127.0.0.1 (the test server routes it like the app):
 * every answer of docs/triggers.md — 202, 401 (good, bad, missing, malformed signature; bearer), 404 with
 * a JSON error, 413, 422 naming the variable, 429 — and delivery keys that start one run. The engine's
 * clock is a fake one that never moves, so the rate window is deterministic.
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiTestServer } from "@/server/test-support/api-test-server";
import { FakeClock } from "@/server/test-support/fake-clock";
import { httpCalls } from "@/server/test-support/http-calls";
import type { TestDeps } from "@/server/test-support/test-deps";
import { authHeaders, type TrpcHttpServer } from "@/server/test-support/trpc-http-server";
import { signedCurlLine } from "@/lib/triggers/signed-curl-line";
import { RESUME_AFTER_MS } from "./trigger-store";
import { MAX_WEBHOOK_BODY_BYTES, WEBHOOK_CALLS_PER_MINUTE } from "./handle-webhook";

let t: TestDeps;
let http: TrpcHttpServer;
let stop: () => Promise<void>;
let api: ReturnType<typeof httpCalls>;
let templateId: string;

const flow = {
  template_id: "hooked",
  name: "Hooked",
  context_schema: { branch: { type: "string", required: true } },
  nodes: [{ id: "A", name: "Say", type: "shell", args_template: "echo {branch}" }],
  edges: [],
};

/** A tRPC call over HTTP as the server's API token (a mutation is POSTed, a query is a GET). */
async function trpc<T>(path: string, input: unknown): Promise<T> {
  const query = /\.(get|list|history|log)$/.test(path);
  const res = query ? await api.get(path, authHeaders(), input) : await api.post(path, input, authHeaders());
  const body = (await res.json()) as { result?: { data: T }; error?: unknown };
  if (!body.result) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(body.error)}`);
  return body.result.data;
}

async function webhook(o: { auth?: "hmac" | "token"; variables?: Record<string, string> } = {}) {
  return trpc<{ id: string; url: string; secret: string }>("trigger.create", {
    templateId,
    kind: "webhook",
    auth: o.auth ?? "hmac",
    variables: o.variables ?? { branch: "{body.ref}" },
  });
}

const sign = (secret: string, body: string) =>
  `sha256=${crypto.createHmac("sha256", secret).update(body).digest("hex")}`;

function post(url: string, body: string, headers: Record<string, string> = {}) {
  return fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
}

async function history(id: string) {
  return (await trpc<{ items: { outcome: string; runId?: string; reason?: string }[] }>("trigger.history", { id }))
    .items;
}

beforeAll(async () => {
  ({ t, http, stop } = await startApiTestServer({ clock: new FakeClock() }));
  api = httpCalls(http.base);
  templateId = (await trpc<{ id: string }>("template.save", { template: flow })).id;
});

afterAll(() => stop());

describe("POST /api/hooks/<triggerId>", () => {
  it("a signed call answers 202 with the run, which records the trigger and the mapped variable", async () => {
    const hook = await webhook();
    expect(hook.url).toBe(`${new URL(http.base).origin}/api/hooks/${hook.id}`);
    const body = JSON.stringify({ ref: "main" });
    const res = await post(hook.url, body, { "x-wf-signature": sign(hook.secret, body) });
    expect(res.status).toBe(202);
    const { runId } = (await res.json()) as { runId: string };
    await t.deps.engine.settled(runId);
    const run = await trpc<{ run: { trigger: unknown; status: string } }>("run.get", { runId });
    expect(run.run).toMatchObject({ trigger: { id: hook.id, kind: "webhook" }, status: "succeeded" });
    // {body.ref} became the template's `branch`.
    expect((await trpc<{ text: string }>("run.log", { runId, nodeId: "A" })).text).toContain("main");
    expect(await history(hook.id)).toEqual([expect.objectContaining({ outcome: "started", runId })]);
    const list = await trpc<{ items: { id: string }[] }>("run.list", { triggerId: hook.id });
    expect(list.items.map((r) => r.id)).toEqual([runId]);
  });

  it("the Triggers tab's curl line, run by a real shell, signs like the server checks (quotes in secret and body)", async () => {
    const hook = await webhook();
    const line = signedCurlLine(hook.url, hook.secret, `{"ref":"it's main"}`);
    const { stdout } = await promisify(execFile)("sh", ["-c", `${line} --silent --write-out ' %{http_code}'`]);
    expect(stdout).toMatch(/"runId":"run_[^"]+"\} 202$/);
    await t.deps.engine.settled(/"runId":"([^"]+)"/.exec(stdout)![1]!);
  });

  it("401 for a bad, missing or malformed signature, each recorded refused; nothing starts", async () => {
    const hook = await webhook();
    const body = JSON.stringify({ ref: "main" });
    const cases: [Record<string, string>, RegExp][] = [
      [{ "x-wf-signature": sign("not-the-secret", body) }, /bad signature/],
      [{}, /missing X-Wf-Signature/],
      [{ "x-wf-signature": "sha256=abc" }, /malformed X-Wf-Signature/],
      [{ "x-wf-signature": sign(hook.secret, body).replace("sha256=", "sha1=") }, /malformed/],
    ];
    for (const [headers, message] of cases) {
      const res = await post(hook.url, body, headers);
      expect(res.status).toBe(401);
      const answer = (await res.json()) as { error: { code: string; message: string } };
      expect(answer.error.code).toBe("UNAUTHORIZED");
      expect(answer.error.message).toMatch(message);
    }
    // A body changed after signing is refused too.
    const signed = sign(hook.secret, body);
    expect((await post(hook.url, JSON.stringify({ ref: "evil" }), { "x-wf-signature": signed })).status).toBe(401);
    const fires = await history(hook.id);
    expect(fires.map((f) => f.outcome)).toEqual(Array(5).fill("refused"));
    expect(fires.every((f) => f.runId === undefined)).toBe(true);
    expect((await trpc<{ items: unknown[] }>("run.list", { triggerId: hook.id })).items).toEqual([]);
  });

  it("each fire is told on the live channel's notices as it is written: refused with its reason, started with its run", async () => {
    const hook = await webhook();
    const told: unknown[] = [];
    const off = t.deps.triggers.ctx.notices.subscribe((n) => told.push(n));
    try {
      const body = JSON.stringify({ ref: "main" });
      expect((await post(hook.url, body)).status).toBe(401);
      const res = await post(hook.url, body, { "x-wf-signature": sign(hook.secret, body) });
      const { runId } = (await res.json()) as { runId: string };
      await t.deps.engine.settled(runId);
      const template = { templateId, templateName: "Hooked" };
      expect(told).toEqual([
        {
          triggerId: hook.id,
          kind: "webhook",
          ...template,
          outcome: "refused",
          reason: expect.stringMatching(/missing X-Wf-Signature/),
          at: expect.any(String),
        },
        { triggerId: hook.id, kind: "webhook", ...template, outcome: "started", runId, at: expect.any(String) },
      ]);
    } finally {
      off();
    }
  });

  it("auth token: Authorization: Bearer <secret>, a wrong bearer is 401", async () => {
    const hook = await webhook({ auth: "token" });
    const body = JSON.stringify({ ref: "dev" });
    expect((await post(hook.url, body, { authorization: "Bearer wrong" })).status).toBe(401);
    expect((await post(hook.url, body, { authorization: `Bearer ${hook.secret}` })).status).toBe(202);
  });

  it("404 with a JSON error for an unknown or a disabled trigger", async () => {
    const origin = new URL(http.base).origin;
    const unknown = await post(`${origin}/api/hooks/trg_nope`, "{}");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: { code: "NOT_FOUND", message: "no enabled webhook trigger trg_nope" },
    });
    const hook = await webhook();
    await trpc("trigger.update", { id: hook.id, enabled: false });
    const body = JSON.stringify({ ref: "main" });
    const disabled = await post(hook.url, body, { "x-wf-signature": sign(hook.secret, body) });
    expect(disabled.status).toBe(404);
    expect(((await disabled.json()) as { error: { message: string } }).error.message).toContain(hook.id);
    expect(await history(hook.id)).toEqual([]);
  });

  it("413 for a body over 1 MiB, declared or streamed", async () => {
    const hook = await webhook();
    const big = JSON.stringify({ ref: "x".repeat(MAX_WEBHOOK_BODY_BYTES) });
    const res = await post(hook.url, big, { "x-wf-signature": sign(hook.secret, big) });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(await history(hook.id)).toEqual([]);
  });

  it("422 names the required variable without a value, and a body that is not JSON", async () => {
    const hook = await webhook();
    const noRef = JSON.stringify({ other: 1 });
    const res = await post(hook.url, noRef, { "x-wf-signature": sign(hook.secret, noRef) });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ error: { code: "UNPROCESSABLE_CONTENT", variable: "branch" } });
    const notJson = "ref=main";
    const res2 = await post(hook.url, notJson, { "x-wf-signature": sign(hook.secret, notJson) });
    expect(res2.status).toBe(422);
    expect(((await res2.json()) as { error: { message: string } }).error.message).toMatch(/JSON/);
    expect((await history(hook.id)).map((f) => f.outcome)).toEqual(["refused", "refused"]);
  });

  it(`429 after ${WEBHOOK_CALLS_PER_MINUTE} calls a minute for one trigger (others unaffected)`, async () => {
    const hook = await webhook();
    for (let i = 0; i < WEBHOOK_CALLS_PER_MINUTE; i++) expect((await post(hook.url, "{}")).status).toBe(401);
    const limited = await post(hook.url, "{}");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const other = await webhook();
    expect((await post(other.url, "{}")).status).toBe(401);
  });

  it("a repeated Idempotency-Key or X-Wf-Delivery answers the first run and starts nothing", async () => {
    const hook = await webhook();
    const body = JSON.stringify({ ref: "main" });
    const headers = { "x-wf-signature": sign(hook.secret, body) };
    for (const keyHeader of ["idempotency-key", "x-wf-delivery"]) {
      const first = await post(hook.url, body, { ...headers, [keyHeader]: `delivery-${keyHeader}` });
      expect(first.status).toBe(202);
      const { runId } = (await first.json()) as { runId: string };
      const again = await post(hook.url, body, { ...headers, [keyHeader]: `delivery-${keyHeader}` });
      expect(again.status).toBe(202);
      expect(await again.json()).toEqual({ runId, duplicate: true });
      await t.deps.engine.settled(runId);
    }
    expect((await trpc<{ items: unknown[] }>("run.list", { triggerId: hook.id })).items).toHaveLength(2);
    expect((await history(hook.id)).map((f) => f.outcome)).toEqual(["started", "started"]);
  });

  it("a call without a delivery key is recorded before its run starts (a crash in between leaves the row)", async () => {
    const hook = await webhook();
    const engine = t.deps.engine;
    const start = engine.startRunGrouped.bind(engine);
    const seenAtStart: { outcome: string; runId: string | null }[][] = [];
    engine.startRunGrouped = async (input) => {
      const rows = await t.deps.triggers.ctx.store.history(hook.id, 10);
      seenAtStart.push(rows.map((r) => ({ outcome: r.outcome, runId: r.runId })));
      return start(input);
    };
    try {
      const body = JSON.stringify({ ref: "main" });
      const res = await post(hook.url, body, { "x-wf-signature": sign(hook.secret, body) });
      expect(res.status).toBe(202);
      const { runId } = (await res.json()) as { runId: string };
      expect(seenAtStart).toEqual([[{ outcome: "started", runId }]]);
      await engine.settled(runId);
      expect(await history(hook.id)).toMatchObject([{ outcome: "started", runId }]);
    } finally {
      engine.startRunGrouped = start;
    }
  });

  it("a delivery whose server stopped before its run started is handled anew by the redelivery", async () => {
    const hook = await webhook();
    // What a server leaves when it dies after claiming the key: a row naming a run that never started.
    const store = t.deps.triggers.ctx.store;
    const claimedAt = t.deps.clock.now() - RESUME_AFTER_MS - 1;
    await store.claimDelivery({
      triggerId: hook.id,
      at: claimedAt,
      outcome: "started",
      runId: "run_never_started",
      deliveryKey: "delivery-lost",
    });
    const body = JSON.stringify({ ref: "main" });
    const res = await post(hook.url, body, {
      "x-wf-signature": sign(hook.secret, body),
      "idempotency-key": "delivery-lost",
    });
    expect(res.status).toBe(202);
    const { runId } = (await res.json()) as { runId: string };
    expect(runId).not.toBe("run_never_started");
    await t.deps.engine.settled(runId);
    const fires = await history(hook.id);
    expect(fires.map((f) => f.outcome)).toEqual(["started", "refused"]);
    expect(fires[1]!.reason).toMatch(/stopped before starting its run/);
    // The key now names the new run.
    const again = await post(hook.url, body, {
      "x-wf-signature": sign(hook.secret, body),
      "idempotency-key": "delivery-lost",
    });
    expect(await again.json()).toEqual({ runId, duplicate: true });
  });
});
