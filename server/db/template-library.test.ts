/**
 * The template library on both databases: saves (a new template, a new version, "no changes" by content hash,
 * conflicts and refusals that write nothing), reads by id, template_id and version, deleted ones only when
 * asked, delete / restore, duplicate, and the examples seeded once into an empty library.
 */
import { describe, expect, it } from "vitest";
import { libraryTemplate as tpl } from "@/server/test-support/library-templates";
import { SQL_DATABASES, useTestSqlDb } from "@/server/test-support/test-sql-db";
import { EXAMPLE_TEMPLATES } from "./example-templates";
import { parseTemplate } from "@/lib/workflow/model/parse-template";
import { finish } from "@/lib/workflow/slices/sliced";
import { contentHash } from "@/lib/workflow/versions/content-hash";
import { prepareSave, saveIn } from "./save-template";
import { createLibrary } from "./template-library";
import { TemplateStoreError } from "./template-store";

let made = 0;
const newTemplateId = (label = "t") => `wft-${label}-${++made}`;

describe.each(SQL_DATABASES)("the template library on %s", (kind) => {
  const d = useTestSqlDb(kind, (sql) => createLibrary(sql));
  const library = () => d.stores;
  const rows = async () =>
    JSON.stringify([
      await d.sql.all("select * from templates order by id"),
      await d.sql.all("select * from template_versions order by template_pk, version"),
    ]);

  it("saves a new template, a new version on changed content, and nothing on the same content", async () => {
    const id = newTemplateId();
    const first = await library().save({ template: tpl(id) });
    expect(first).toEqual({ id: expect.stringMatching(/^tpl_/), version: 1, changed: true, draft: false });
    expect(await library().save({ template: tpl(id) })).toEqual({ ...first, changed: false });
    const second = await library().save({ id: first.id, template: tpl(id, { name: "Renamed" }) });
    expect(second).toEqual({ id: first.id, version: 2, changed: true, draft: false });
    const versions = await library().versions(first.id);
    expect(versions.map((v) => v.version)).toEqual([2, 1]);
    expect(versions[0]).toEqual({ version: 2, createdAt: expect.any(Number), hash: expect.any(String), draft: false });
    expect(versions[0].hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    // Graph errors make a draft, marked on its version and the list item.
    const cyclic = tpl(id, {
      edges: [
        { from: "A", to: "B" },
        { from: "B", to: "A" },
      ],
    });
    expect(await library().save({ id: first.id, template: cyclic })).toMatchObject({ version: 3, draft: true });
    expect((await library().versions(first.id)).map((v) => v.draft)).toEqual([true, false, false]);
    expect(await library().item(first.id)).toMatchObject({ id: first.id, template_id: id, version: 3, draft: true });
  });

  it("gets by id or template_id, the latest or a version; missing ones are not found", async () => {
    const id = newTemplateId();
    const { id: pk } = await library().save({ template: tpl(id) });
    await library().save({ id: pk, template: tpl(id, { name: "Two" }) });
    expect(await library().get(pk)).toMatchObject({ id: pk, version: 2, template: { template_id: id, name: "Two" } });
    expect(await library().get(id, 1)).toMatchObject({ id: pk, version: 1, template: { name: id } });
    // A version is parsed once: the same object again.
    expect((await library().get(pk, 1)).template).toBe((await library().get(id, 1)).template);
    await expect(library().get("wft-none")).rejects.toThrow(
      new TemplateStoreError("not_found", 'No template with id "wft-none"'),
    );
    await expect(library().get(pk, 9)).rejects.toThrow(`Template "${pk}" has no version 9`);
    await expect(library().item("tpl_none")).rejects.toThrow('No template with id "tpl_none"');
  });

  it("refuses an invalid template, a taken template_id and an unknown id, writing nothing", async () => {
    const [a, b] = [newTemplateId(), newTemplateId()];
    const saved = await library().save({ template: tpl(a) });
    const other = await library().save({ template: tpl(b) });
    const before = await rows();
    const invalid = library().save({ template: { ...tpl(a), nodes: [{ id: "N", name: "x", type: "warp-drive" }] } });
    await expect(invalid).rejects.toMatchObject({ kind: "invalid", message: "The template does not match the schema" });
    await expect(invalid).rejects.toHaveProperty("diagnostics.0.path", "nodes[0].type");
    await expect(library().save({ id: saved.id, template: tpl(b) })).rejects.toMatchObject({
      kind: "conflict",
      message: `template_id "${b}" is already used by another template (${other.id})`,
    });
    await expect(library().save({ id: "tpl_none", template: tpl(a) })).rejects.toMatchObject({
      kind: "not_found",
      message: 'No template with id "tpl_none"',
    });
    expect(await rows()).toBe(before);
  });

  it("delete hides a template, restore brings it back; saving onto a deleted one needs mayRestore", async () => {
    const id = newTemplateId();
    const { id: pk } = await library().save({ template: tpl(id) });
    expect(await library().delete(id)).toBe(true);
    expect(await library().delete(pk)).toBe(true);
    const deleted = library().get(pk);
    await expect(deleted).rejects.toMatchObject({ kind: "not_found", deleted: true });
    await expect(deleted).rejects.toThrow(`Template "${pk}" is deleted; restore it to use it`);
    expect(await library().get(pk, undefined, { includeDeleted: true })).toMatchObject({ id: pk, version: 1 });
    expect((await library().item(pk)).deletedAt).toEqual(expect.any(Number));
    const before = await rows();
    await expect(library().save({ template: tpl(id, { name: "Changed" }) })).rejects.toMatchObject({
      kind: "conflict",
      deleted: true,
      message: expect.stringMatching(new RegExp(`"${id}" was deleted.*only an admin can do`)),
    });
    expect(await rows()).toBe(before);
    expect(await library().save({ template: tpl(id) }, { mayRestore: true })).toMatchObject({ id: pk, changed: false });
    expect((await library().item(pk)).deletedAt).toBeNull();
    await library().delete(pk);
    expect(await library().restore(id)).toBe(true);
    expect((await library().get(pk)).id).toBe(pk);
    await expect(library().delete("tpl_none")).rejects.toThrow('No template with id "tpl_none"');
    await expect(library().restore("tpl_none")).rejects.toMatchObject({ kind: "not_found" });
  });

  it("duplicate: a new template with -copy, then -copy-2, and a (copy) name", async () => {
    const id = newTemplateId("dup_x");
    const { id: pk } = await library().save({ template: tpl(id, { name: "Source" }) });
    const one = await library().duplicate(pk);
    const two = await library().duplicate(id);
    expect([one.template_id, two.template_id]).toEqual([`${id}-copy`, `${id}-copy-2`]);
    expect(one).toMatchObject({ version: 1, changed: true, draft: false });
    const copy = await library().get(one.id);
    expect(copy.template).toMatchObject({ template_id: `${id}-copy`, name: "Source (copy)" });
    expect(copy.template.nodes).toEqual((await library().get(pk)).template.nodes);
  });

  it("a large template (parsed, hashed, written out and validated in slices) saves and reads back as it was", async () => {
    const id = newTemplateId("large");
    const count = 2500;
    const nodes = Array.from({ length: count }, (_, i) => ({
      id: `n${i}`,
      name: `n${i}`,
      type: "cli",
      args_template: "true",
    }));
    const edges = nodes.slice(1).map((n, i) => ({ from: nodes[i].id, to: n.id }));
    const raw = { template_id: id, name: "Large", nodes, edges };
    const saved = await library().save({ template: raw });
    expect(saved).toMatchObject({ version: 1, changed: true, draft: false });
    const parsed = parseTemplate(raw);
    if (!parsed.ok) throw new Error("parse");
    const [version] = await library().versions(saved.id);
    expect(version.hash).toBe(contentHash(parsed.template));
    // This library keeps the version it saved; another (a second server) parses it, in slices.
    expect((await library().get(saved.id)).template).toEqual(parsed.template);
    const other = createLibrary(d.sql);
    const [first, second] = await Promise.all([other.get(saved.id), other.get(saved.id)]);
    expect(first.template).toEqual(parsed.template);
    // Two reads at once share one parse: one object, on which a start's checks and plan are kept.
    expect(second.template).toBe(first.template);
    // The same content again is no new version; a cycle makes a draft.
    expect(await library().save({ id: saved.id, template: raw })).toMatchObject({ version: 1, changed: false });
    const cyclic = { ...raw, edges: [...edges, { from: `n${count - 1}`, to: "n0" }] };
    expect(await library().save({ id: saved.id, template: cyclic })).toMatchObject({ version: 2, draft: true });
  });

  it("a transaction that fails part way writes nothing", async () => {
    const [a, b] = [newTemplateId(), newTemplateId()];
    const before = await rows();
    await expect(
      d.sql.transaction(async (tx) => {
        await saveIn(tx, finish(prepareSave({ template: tpl(a) })));
        await saveIn(tx, finish(prepareSave({ template: tpl(b) })));
        throw new Error("refused after two saves");
      }),
    ).rejects.toThrow("refused after two saves");
    expect(await rows()).toBe(before);
    await expect(library().get(a)).rejects.toMatchObject({ kind: "not_found" });
  });
});

describe.each(SQL_DATABASES)("the examples on %s", (kind) => {
  const d = useTestSqlDb(kind, (sql) => createLibrary(sql));

  it("are seeded once into an empty library, even by two starts at once; never again, even once deleted", async () => {
    const seeded = await Promise.all([d.stores.seedExamples(), d.stores.seedExamples()]);
    expect(seeded.sort()).toEqual([0, EXAMPLE_TEMPLATES.length]);
    expect(await d.stores.count()).toBe(EXAMPLE_TEMPLATES.length);
    const { items } = await d.stores.list({ sort: "name" });
    expect(items.map((i) => i.template_id).sort()).toEqual(EXAMPLE_TEMPLATES.map((t) => t.template_id).sort());
    for (const item of items) await d.stores.delete(item.id);
    expect(await d.stores.seedExamples()).toBe(0);
    expect(await d.stores.count()).toBe(EXAMPLE_TEMPLATES.length);
  });
});
