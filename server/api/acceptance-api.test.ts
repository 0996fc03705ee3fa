/**
 * Black-box acceptance of the template and compose procedures of docs/api.md: through createCaller
 * on a temp SQLite file, and over plain HTTP JSON (a real 127.0.0.1 server running the same
 * fetch handler as app/api/trpc) for the status codes other tools see.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerAs } from "@/server/test-support/test-callers";
import { createTestDeps, type TestDeps } from "@/server/test-support/test-deps";
import { authHeaders, startTrpcHttpServer, type TrpcHttpServer } from "@/server/test-support/trpc-http-server";

const SEED_TEMPLATE = JSON.parse(
  fs.readFileSync(path.join(__dirname, "../cli/fixtures/seed-full-template.json"), "utf8"),
) as Record<string, unknown>;

let t: TestDeps;
let server: TrpcHttpServer;
let base: string;
const caller = () => callerAs(t.deps);

beforeAll(async () => {
  t = createTestDeps();
  server = await startTrpcHttpServer(t.deps);
  base = server.base;
});
afterAll(async () => {
  await server.close();
  t.cleanup();
});

const query = (proc: string, input?: unknown) =>
  fetch(`${base}/${proc}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, {
    headers: authHeaders(),
  });
const mutate = (proc: string, input: unknown) =>
  fetch(`${base}/${proc}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...authHeaders() },
    body: JSON.stringify(input),
  });

describe("template.save / list / get (the complete example template)", () => {
  it("returns the docs/api.md shapes; identical content is unchanged, new content a new version", async () => {
    const saved = await caller().template.save({ template: SEED_TEMPLATE });
    expect(saved).toMatchObject({ id: expect.any(String), version: 1, changed: true });
    expect(await caller().template.save({ template: SEED_TEMPLATE })).toMatchObject({ version: 1, changed: false });
    const next = await caller().template.save({ id: saved.id, template: { ...SEED_TEMPLATE, name: "Renamed" } });
    expect(next).toMatchObject({ id: saved.id, version: 2, changed: true });

    const list = await caller().template.list({ search: "Renamed" });
    expect(list.items[0]).toMatchObject({
      id: saved.id,
      template_id: SEED_TEMPLATE.template_id,
      name: "Renamed",
      tags: ["feature", "medium"],
      version: 2,
    });
    expect(list.items[0]).toHaveProperty("updatedAt");
    expect((await caller().template.list({ tag: "no-such-tag" })).items).toEqual([]);

    const got = await caller().template.get({ id: saved.id });
    expect(got.id).toBe(saved.id);
    expect(got.template).toMatchObject({ ...SEED_TEMPLATE, name: "Renamed" });
    expect(got.versions.map((v) => v.version)).toEqual([2, 1]);
    for (const v of got.versions) expect(v).toMatchObject({ createdAt: expect.anything(), hash: expect.any(String) });
  });

  it("over HTTP: list without input, unknown id → 404, bad input → 400 naming the field", async () => {
    const list = await query("template.list");
    expect(list.status).toBe(200);
    expect((await list.json()).result.data.items.length).toBeGreaterThan(0);

    const unknown = await query("template.get", { id: "no-such-template" });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.data.code).toBe("NOT_FOUND");

    const missing = await query("template.get", {});
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await missing.json())).toContain('"id"');

    const badTemplate = await mutate("template.save", { template: { name: "x", nodes: [{ id: 7 }] } });
    expect(badTemplate.status).toBe(400);
    expect(JSON.stringify(await badTemplate.json())).toMatch(/nodes/);

    const noTemplate = await mutate("template.save", {});
    expect(noTemplate.status).toBe(400);
    expect((await noTemplate.json()).error.message).toContain("template");

    const notJson = await fetch(`${base}/template.save`, {
      method: "POST",
      headers: authHeaders(),
      body: "{not json",
    });
    expect(notJson.status).toBeGreaterThanOrEqual(400);
    expect(notJson.status).toBeLessThan(500);
  });
});

describe("malformed input is a 4xx, never a 500", () => {
  const BAD: [string, unknown][] = [
    ["template.save", { template: "a string" }],
    ["template.save", { id: 5, template: {} }],
    ["template.save", { template: { name: "x", nodes: "x", edges: 7 } }],
    ["template.save", { template: { template_id: "t", name: "x", nodes: [null], edges: [{}] } }],
    ["template.save", null],
    ["template.delete", { id: "no-such-template" }],
    ["compose.describe", { text: 42 }],
    ["compose.describe", { text: "x".repeat(30_000) }],
  ];
  it.each(BAD)("%s %j", async (proc, input) => {
    const res = await mutate(proc, input);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect((await res.json()).error.message.length).toBeGreaterThan(0);
  });

  it.each([
    ["template.get", { id: 7 }],
    ["template.get", { id: "" }],
    ["template.list", { search: 5 }],
    ["template.list", "not an object"],
  ])("%s %j", async (proc, input) => {
    const res = await query(proc, input);
    expect(res.status).toBe(400);
  });
});

describe("compose.describe", () => {
  it("returns template + intent + assumptions; the template validates", async () => {
    const r = await caller().compose.describe({ text: "analyze the repo, then write a report", useAgent: false });
    expect(r.template.nodes.length).toBeGreaterThanOrEqual(2);
    expect(r.intent).toMatchObject({ steps: expect.any(Array), task_type: expect.any(String) });
    expect(Array.isArray(r.assumptions)).toBe(true);
    expect(r.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it("over HTTP: empty text → 400 with the describe question; missing text → 400 naming it", async () => {
    const empty = await mutate("compose.describe", { text: "" });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.message).toContain("Describe the workflow you want to automate.");
    const missing = await mutate("compose.describe", {});
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.message).toContain("text");
  });
});
