import { TRPCError } from "@trpc/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { callerAs } from "@/server/test-support/test-callers";
import { EXAMPLE_TEMPLATES } from "@/server/db/example-templates";
import { sqliteSql } from "@/server/db/sql/sqlite-sql";
import { insertTemplateRun, libraryTemplate } from "@/server/test-support/library-templates";
import { createTestDeps, type TestDeps } from "@/server/test-support/test-deps";

const minimal = {
  template_id: "wft-hello-20261129",
  name: "Hello",
  nodes: [{ id: "N-001", name: "Say hello", type: "shell", args_template: "echo hello" }],
  edges: [],
};

let t: TestDeps;
const caller = () => callerAs(t.deps);

beforeEach(() => {
  t = createTestDeps();
});
afterEach(() => t.cleanup());

describe("template router on a real SQLite file", () => {
  it("saves, lists, gets; identical content is a no-op, changed content a new version", async () => {
    const first = await caller().template.save({ template: minimal });
    expect(first).toMatchObject({ version: 1, changed: true });
    const again = await caller().template.save({ template: minimal });
    expect(again).toEqual({ id: first.id, version: 1, changed: false, draft: false });
    const changed = await caller().template.save({ id: first.id, template: { ...minimal, name: "Hello 2" } });
    expect(changed).toEqual({ id: first.id, version: 2, changed: true, draft: false });

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

  it("normalises other tools' type names on save", async () => {
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
    await t.deps.library.seedExamples();
    const all = (await caller().template.list()).items;
    expect(all).toHaveLength(EXAMPLE_TEMPLATES.length);
    expect((await caller().template.list({ search: "gate" })).items.map((i) => i.name)).toEqual(["Deploy with a gate"]);
    expect((await caller().template.list({ tag: "feature" })).items).toHaveLength(1);
    await expect(caller().template.get({ id: "nope" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await t.deps.library.seedExamples()).toBe(0);
  });

  it("rejects a template_id already used by another template", async () => {
    const a = await caller().template.save({ template: minimal });
    const b = await caller().template.save({ template: { ...minimal, template_id: "wft-other-20261129" } });
    expect(a.id).not.toBe(b.id);
    await expect(caller().template.save({ id: b.id, template: minimal })).rejects.toMatchObject({ code: "CONFLICT" });
  });
});

const tpl = libraryTemplate;
const insertRun = (templatePk: string, status: string, createdAt: number) =>
  insertTemplateRun(sqliteSql(t.db), templatePk, status, createdAt);

describe("template library: search, filters, sort, counts", () => {
  it("searches every word over name, description, tags and node names, case-insensitively", async () => {
    await caller().template.save({
      template: tpl("wft-a", { description: "Nightly Invoice export", tags: ["billing"] }),
    });
    await caller().template.save({
      template: tpl("wft-b", { nodes: [{ id: "X", name: "Résumé PDF", type: "shell" }] }),
    });
    const names = async (search: string) => (await caller().template.list({ search })).items.map((i) => i.name);
    expect(await names("invoice")).toEqual(["wft-a"]);
    expect(await names("NIGHTLY export")).toEqual(["wft-a"]);
    expect(await names("billing")).toEqual(["wft-a"]);
    expect(await names("compile")).toEqual(["wft-a"]);
    expect(await names("résumé")).toEqual(["wft-b"]);
    expect(await names("invoice résumé")).toEqual([]);
    expect(await names("100%")).toEqual([]);
  });

  it("filters by tag and task type, sorts by name, update and runs; items carry counts and last run status", async () => {
    const a = await caller().template.save({
      template: tpl("wft-a", { name: "Zeta", tags: ["ops"], metadata: { task_type: "bugfix" } }),
    });
    const b = await caller().template.save({ template: tpl("wft-b", { name: "alpha", tags: ["ops", "web"] }) });
    const c = await caller().template.save({ template: tpl("wft-c", { name: "Mid" }) });
    await insertRun(b.id, "succeeded", 1000);
    await insertRun(b.id, "failed", 2000);
    await insertRun(c.id, "running", 1500);

    const list = await caller().template.list({ sort: "runs" });
    expect(list.items.map((i) => i.name)).toEqual(["alpha", "Mid", "Zeta"]);
    expect(list.items[0]).toMatchObject({ runCount: 2, lastRunStatus: "failed", nodeCount: 2, version: 1 });
    expect(list.items[2]).toMatchObject({ runCount: 0, lastRunStatus: null, taskType: "bugfix", draft: false });
    expect(await caller().template.facets()).toEqual({ tags: ["ops", "web"], taskTypes: ["bugfix"] });
    expect((await caller().template.list({ sort: "name" })).items.map((i) => i.name)).toEqual(["alpha", "Mid", "Zeta"]);
    expect((await caller().template.list({ tag: "ops" })).items.map((i) => i.id).sort()).toEqual([a.id, b.id].sort());
    expect((await caller().template.list({ taskType: "bugfix" })).items.map((i) => i.id)).toEqual([a.id]);
    const page = await caller().template.list({ sort: "name", limit: 2 });
    expect({ names: page.items.map((i) => i.name), total: page.total }).toEqual({ names: ["alpha", "Mid"], total: 3 });
    expect((await caller().template.list({ sort: "runs", limit: 1 })).items[0]).toMatchObject({ runCount: 2 });
    await caller().template.save({ id: a.id, template: tpl("wft-a", { name: "Zeta 2" }) });
    expect((await caller().template.list()).items[0].name).toBe("Zeta 2");
  });
});

describe("template drafts, delete/restore, duplicate, diff", () => {
  it("a template with validation errors is saved as a draft, marked on its version", async () => {
    const cyclic = tpl("wft-cycle", {
      edges: [
        { from: "A", to: "B" },
        { from: "B", to: "A" },
      ],
    });
    const saved = await caller().template.save({ template: cyclic });
    expect(saved).toMatchObject({ version: 1, changed: true, draft: true });
    const fixed = await caller().template.save({ id: saved.id, template: tpl("wft-cycle") });
    expect(fixed).toMatchObject({ version: 2, draft: false });
    const got = await caller().template.get({ id: saved.id });
    expect(got.versions.map((v) => [v.version, v.draft])).toEqual([
      [2, false],
      [1, true],
    ]);
    expect(got.item.draft).toBe(false);
  });

  it("delete hides a template from the list; restore brings it back; unknown ids are 404", async () => {
    const { id } = await caller().template.save({ template: tpl("wft-gone") });
    expect(await caller().template.delete({ id })).toEqual({ ok: true });
    expect((await caller().template.list()).items).toEqual([]);
    expect((await caller().template.list({ deleted: true })).items.map((i) => i.id)).toEqual([id]);
    await expect(caller().template.get({ id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await caller().template.get({ id, includeDeleted: true })).item.deletedAt).toEqual(expect.any(Number));
    // run.start refuses it with a typed error (the store's getTemplate, not the router, decides).
    await expect(caller().run.start({ templateId: id })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: expect.stringContaining("is deleted"),
    });
    expect(await caller().template.restore({ id })).toEqual({ ok: true });
    expect((await caller().template.get({ id })).item.deletedAt).toBeNull();
    expect((await caller().template.list()).items.map((i) => i.id)).toEqual([id]);
    await expect(caller().template.delete({ id: "tpl_nope" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(caller().template.restore({ id: "tpl_nope" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("saving a deleted template again: an editor is refused (CONFLICT, nothing written), an admin brings it back", async () => {
    const { id } = await caller().template.save({ template: tpl("wft-back") });
    await caller().template.delete({ id });
    const editor = callerAs(t.deps, ["editor"]);
    const rows = () => JSON.stringify(t.db.$client.prepare("select * from templates, template_versions").all());
    const before = rows();
    for (const input of [
      { template: tpl("wft-back") },
      { template: tpl("wft-back", { name: "Changed" }) },
      { id, template: tpl("wft-back", { name: "Changed" }) },
    ])
      await expect(editor.template.save(input)).rejects.toMatchObject({
        code: "CONFLICT",
        message: expect.stringMatching(/"wft-back" was deleted.*only an admin can do/),
      });
    expect(rows()).toBe(before);
    expect((await caller().template.list()).items).toEqual([]);
    expect(await caller().template.save({ template: tpl("wft-back") })).toMatchObject({ id, changed: false });
    expect((await caller().template.list()).items.map((i) => i.id)).toEqual([id]);
  });

  it("duplicate makes a new template with -copy, then -copy-2", async () => {
    const { id } = await caller().template.save({ template: tpl("wft-src", { name: "Source" }) });
    const one = await caller().template.duplicate({ id });
    const two = await caller().template.duplicate({ id });
    expect([one.template_id, two.template_id]).toEqual(["wft-src-copy", "wft-src-copy-2"]);
    expect(one.id).not.toBe(id);
    const copy = await caller().template.get({ id: one.id });
    expect(copy.template).toMatchObject({ template_id: "wft-src-copy", name: "Source (copy)" });
    expect(copy.template.nodes).toEqual((await caller().template.get({ id })).template.nodes);
    expect((await caller().template.list()).items).toHaveLength(3);
  });

  /*
   *  v1: A ──▶ B          v2: A ──▶ B ──▶ C   (B renamed)
   */
  it("diff of two versions lists added nodes, changed fields and added edges", async () => {
    const v1 = await caller().template.save({ template: tpl("wft-diff") });
    const t2 = tpl("wft-diff");
    t2.nodes = [
      t2.nodes[0],
      { ...t2.nodes[1], name: "Compile everything" },
      { id: "C", name: "Ship", type: "shell", args_template: "true" },
    ];
    t2.edges = [...t2.edges, { from: "B", to: "C" }];
    await caller().template.save({ id: v1.id, template: t2 });
    const d = await caller().template.diff({ id: v1.id, from: 1, to: 2 });
    expect(d.nodes).toEqual({ added: ["C"], removed: [], changed: [{ id: "B", fields: ["name"] }] });
    expect(d.edges).toEqual({ added: [{ from: "B", to: "C" }], removed: [] });
    await expect(caller().template.diff({ id: v1.id, from: 1, to: 3 })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
