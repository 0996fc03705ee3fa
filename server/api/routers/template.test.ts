import { TRPCError } from "@trpc/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCaller } from "@/server/api/root";
import { EXAMPLE_TEMPLATES } from "@/server/db/example-templates";
import { seedExampleTemplates } from "@/server/db/seed-examples";
import { useTempDb, type TempDb } from "@/server/test-support/temp-db";

const minimal = {
  template_id: "wft-hello-20261129",
  name: "Hello",
  nodes: [{ id: "N-001", name: "Say hello", type: "shell", args_template: "echo hello" }],
  edges: [],
};

let t: TempDb;
const caller = () => createCaller({ headers: new Headers() });

beforeEach(() => {
  t = useTempDb();
});
afterEach(() => t.cleanup());

describe("template router on a real SQLite file", () => {
  it("saves, lists, gets; identical content is a no-op, changed content a new version", async () => {
    const first = await caller().template.save({ template: minimal });
    expect(first).toMatchObject({ version: 1, changed: true });
    const again = await caller().template.save({ template: minimal });
    expect(again).toEqual({ id: first.id, version: 1, changed: false });
    const changed = await caller().template.save({ id: first.id, template: { ...minimal, name: "Hello 2" } });
    expect(changed).toEqual({ id: first.id, version: 2, changed: true });

    const { items } = await caller().template.list();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: first.id, template_id: "wft-hello-20261129", name: "Hello 2", version: 2 });

    const got = await caller().template.get({ id: first.id });
    expect(got.template.name).toBe("Hello 2");
    expect(got.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(got.versions[0].hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    const v1 = await caller().template.get({ id: "wft-hello-20261129", version: 1 });
    expect(v1.template.name).toBe("Hello");
  });

  it("normalises seed type names on save", async () => {
    const { id } = await caller().template.save({
      template: { ...minimal, nodes: [{ id: "A", name: "a", type: "cli", args_template: "true" }] },
    });
    expect((await caller().template.get({ id })).template.nodes[0].type).toBe("shell");
  });

  it("rejects a schema-invalid template with diagnostics naming the path, and writes nothing", async () => {
    const bad = { ...minimal, nodes: [{ id: "N-001", name: "x", type: "warp-drive" }] };
    const err = await caller()
      .template.save({ template: bad })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCError);
    expect((err as TRPCError).code).toBe("BAD_REQUEST");
    expect((err as TRPCError & { diagnostics: { path: string }[] }).diagnostics[0].path).toBe("nodes[0].type");
    expect((await caller().template.list()).items).toHaveLength(0);
  });

  it("filters by search text and tag; 404 for an unknown id", async () => {
    seedExampleTemplates(t.db);
    const all = (await caller().template.list()).items;
    expect(all).toHaveLength(EXAMPLE_TEMPLATES.length);
    expect((await caller().template.list({ search: "gate" })).items.map((i) => i.name)).toEqual(["Deploy with a gate"]);
    expect((await caller().template.list({ tag: "feature" })).items).toHaveLength(1);
    await expect(caller().template.get({ id: "nope" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(seedExampleTemplates(t.db)).toBe(0);
  });

  it("rejects a template_id already used by another template", async () => {
    const a = await caller().template.save({ template: minimal });
    const b = await caller().template.save({ template: { ...minimal, template_id: "wft-other-20261129" } });
    expect(a.id).not.toBe(b.id);
    await expect(caller().template.save({ id: b.id, template: minimal })).rejects.toMatchObject({ code: "CONFLICT" });
  });
});
