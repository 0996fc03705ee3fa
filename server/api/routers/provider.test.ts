import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { useRouterTestDb } from "@/server/test-support/router-test-db";
import { callerAs } from "@/server/test-support/test-callers";

const t = useRouterTestDb();
const admin = () => callerAs(t);

let server: http.Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A real OpenAI-compatible endpoint on 127.0.0.1 that answers every chat with `reply`. */
async function openAiStub(reply: string): Promise<{ url: string; auth: string[] }> {
  const auth: string[] = [];
  server = http.createServer((req, res) => {
    auth.push(String(req.headers.authorization ?? ""));
    req.resume();
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ choices: [{ message: { content: reply } }] }));
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, auth };
}

describe("provider router", () => {
  it("saves a cli provider whose command is cat, lists it as ready from settings, and tests it", async () => {
    await admin().provider.save({ name: "echo", kind: "cli", command: ["cat"] });
    const list = await admin().provider.list();
    expect(list.items).toEqual([
      { name: "echo", kind: "cli", ready: true, source: "settings", default: true, command: ["cat"] },
    ]);
    const result = await admin().provider.test({ name: "echo" });
    expect(result.ok).toBe(true);
    expect(result.sample).toBe("Reply with one short line: ok");
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    // The live providers object sees the change without a restart.
    expect(t().deps.providers.get()?.name).toBe("echo");
  });

  it("tests an OpenAI-compatible provider with its key from a secret", async () => {
    const stub = await openAiStub("hello there\nsecond line");
    await t().deps.secrets.set("STUB_KEY", "sk-stub");
    await admin().provider.save({
      name: "oa",
      kind: "openai",
      baseUrl: stub.url,
      model: "m",
      apiKeySecret: "STUB_KEY",
    });
    const result = await admin().provider.test({ name: "oa" });
    expect(result).toMatchObject({ ok: true, sample: "hello there" });
    expect(stub.auth).toEqual(["Bearer sk-stub"]);
  });

  it("reports an unreachable base URL naming the field", async () => {
    const stub = await openAiStub("x");
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    await admin().provider.save({ name: "gone", kind: "openai", baseUrl: stub.url, model: "m" });
    const result = await admin().provider.test({ name: "gone" });
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/^baseUrl: /);
  });

  it("refuses bad input naming the field and saves nothing", async () => {
    await expect(
      admin().provider.save({ name: "nope", kind: "cli", command: ["no-such-program-wf-test"] }),
    ).rejects.toThrow(/command: cannot start no-such-program-wf-test/);
    await expect(
      admin().provider.save({
        name: "oa",
        kind: "openai",
        baseUrl: "http://127.0.0.1:1/v1",
        model: "m",
        apiKeySecret: "MISSING",
      }),
    ).rejects.toThrow(/apiKeySecret: no secret named MISSING/);
    // A key value is not a secret's name, and there is no field for a key.
    await expect(
      admin().provider.save({
        name: "oa",
        kind: "openai",
        baseUrl: "http://127.0.0.1:1/v1",
        model: "m",
        apiKeySecret: "sk-abc-123",
      }),
    ).rejects.toThrow(/apiKeySecret/);
    await expect(
      admin().provider.save({
        name: "oa",
        kind: "openai",
        baseUrl: "http://127.0.0.1:1/v1",
        model: "m",
        apiKey: "sk",
      } as never),
    ).rejects.toThrow(/apiKey/);
    expect((await admin().provider.list()).items).toEqual([]);
  });

  it("sets the default, deletes, and refuses unknown names", async () => {
    await admin().provider.save({ name: "a", kind: "cli", command: ["cat"] });
    await admin().provider.save({ name: "b", kind: "cli", command: ["cat"] });
    await admin().provider.setDefault({ name: "b" });
    expect((await admin().provider.list()).items.find((i) => i.default)?.name).toBe("b");
    await admin().provider.delete({ name: "b" });
    expect((await admin().provider.list()).items.map((i) => i.name)).toEqual(["a"]);
    await expect(admin().provider.delete({ name: "b" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(admin().provider.setDefault({ name: "zzz" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("lets editors see names and readiness only, viewers nothing, and only admins change", async () => {
    await admin().provider.save({ name: "echo", kind: "cli", command: ["cat"] });
    const editor = callerAs(t, ["editor"]);
    expect((await editor.provider.list()).items).toEqual([
      { name: "echo", kind: "cli", ready: true, source: "settings", default: true },
    ]);
    await expect(editor.provider.save({ name: "x", kind: "cli", command: ["cat"] })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(editor.provider.test({ name: "echo" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(callerAs(t, ["viewer"]).provider.list()).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await admin().provider.list()).items.map((i) => i.name)).toEqual(["echo"]);
  });

  it("run.start refuses agent nodes with no provider ready (naming them) unless they can be skipped", async () => {
    const template = (onFail?: string) => ({
      template_id: "t",
      name: "t",
      nodes: [{ id: "ask", name: "Ask", type: "agent", args_template: "hi", ...(onFail ? { on_fail: onFail } : {}) }],
      edges: [],
    });
    await expect(admin().run.start({ template: template() })).rejects.toMatchObject({
      code: "PRECONDITION_FAILED",
      message: expect.stringContaining('"ask"'),
    });
    expect((await admin().run.list({})).items).toEqual([]);
    const skipped = await admin().run.start({ template: template("skip") });
    expect(skipped.runId).toBeTruthy();
    await admin().provider.save({ name: "echo", kind: "cli", command: ["cat"] });
    expect((await admin().run.start({ template: template() })).runId).toBeTruthy();
  });
});
