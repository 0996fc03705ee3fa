/**
 * Children read before a start (decision 052): every reference once (cycles end the walk), children handed out
 * with their own children pinned down to the depth a child run may reach, a resolver's failure kept for the
 * engine's RUN042, the engine's source answering only during `startWith`, and the library's references on both
 * databases.
 */
import { describe, expect, it } from "vitest";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import type { Template } from "@/lib/workflow/model/template-schema";
import { createLibrary } from "@/server/db/template-library";
import { SQL_DATABASES, useTestSqlDb } from "@/server/test-support/test-sql-db";
import { MAX_CHILD_DEPTH } from "./child-runs";
import { pinnedChild, type ChildTemplate } from "./child-templates";
import { libraryChildTemplates, resolveChildTemplates, type ResolveChild } from "./library-child-templates";

/** A template `id` whose workflow nodes call `calls`. */
const calling = (id: string, ...calls: string[]): Template => {
  let b = buildTemplate().with({ template_id: id, name: id });
  b = calls.length ? b : b.node("X");
  calls.forEach((ref, k) => (b = b.node(`W${k}`, { type: "workflow", template: ref })));
  return b.done();
};

/** A resolver over `templates` by template_id that counts what it was asked. */
function fakeResolver(templates: Template[]): { resolve: ResolveChild; asked: string[] } {
  const asked: string[] = [];
  const resolve: ResolveChild = async (ref) => {
    asked.push(ref);
    if (ref === "broken") throw new Error("unreadable");
    const template = templates.find((t) => t.template_id === ref);
    return template && { template, templatePk: null, templateVersion: null };
  };
  return { resolve, asked };
}

/** How many levels of pinned children hang under `child`. */
function pinnedLevels(child: ChildTemplate | undefined): number {
  const next = child?.template.nodes.map(pinnedChild).find(Boolean);
  return child ? 1 + pinnedLevels(next) : 0;
}

describe("resolveChildTemplates", () => {
  it("reads every reference once, cycles included, and hands out children with their children pinned", async () => {
    const { resolve, asked } = fakeResolver([calling("a", "b", "b"), calling("b", "a", "c"), calling("c")]);
    const source = await resolveChildTemplates(calling("top", "a", "c"), resolve);
    expect(asked.sort()).toEqual(["a", "b", "c"]);
    const a = source.resolve("a", undefined, {})!;
    const b = pinnedChild(a.template.nodes[0])!;
    expect(b.template.template_id).toBe("b");
    expect(pinnedChild(b.template.nodes[1])?.template.template_id).toBe("c");
    // One object per child and depth: the engine's pinning and validation caches hold.
    expect(source.resolve("a", undefined, {})).toBe(a);
    expect(source.resolve("x", undefined, {})).toBeUndefined();
  });

  it("pins MAX_CHILD_DEPTH + 1 levels of a longer chain, and keeps a resolver's failure for the engine", async () => {
    const chain = Array.from({ length: 9 }, (_, k) => calling(`l${k}`, ...(k < 8 ? [`l${k + 1}`] : [])));
    const { resolve, asked } = fakeResolver([...chain, calling("bad", "broken")]);
    const source = await resolveChildTemplates(calling("top", "l0", "bad"), resolve);
    expect(asked).toHaveLength(11);
    expect(pinnedLevels(source.resolve("l0", undefined, {}))).toBe(MAX_CHILD_DEPTH + 1);
    expect(() => source.resolve("broken", undefined, {})).toThrow("unreadable");
    expect(pinnedChild(source.resolve("bad", undefined, {})!.template.nodes[0])).toBeUndefined();
  });
});

describe.each(SQL_DATABASES)("library children on %s", (kind) => {
  const d = useTestSqlDb(kind, (sql) => {
    const library = createLibrary(sql);
    return { library, children: libraryChildTemplates(library) };
  });

  it("by id or template_id and a whole version; deleted, missing and odd versions are none", async () => {
    const { library, children } = d.stores;
    const { id } = await library.save({ template: calling("lib-child") });
    await library.save({ id, template: { ...calling("lib-child"), name: "Two" } });
    await library.save({ template: calling("lib-gone") });
    await library.delete("lib-gone");
    const source = await children.resolve(calling("top", "lib-child", "lib-gone"));
    expect(source.resolve("lib-child", undefined, {})).toMatchObject({ templatePk: id, templateVersion: 2 });
    const byId = await children.resolve({ nodes: [{ type: "workflow", template: id, version: "1" }] });
    expect(byId.resolve(id, "1", {})).toMatchObject({
      templatePk: id,
      templateVersion: 1,
      template: { name: "lib-child" },
    });
    expect(source.resolve("lib-gone", undefined, {})).toBeUndefined();
    for (const version of [3, "x", "1.5", 0]) {
      const odd = await children.resolve({ nodes: [{ type: "workflow", template: "lib-child", version }] });
      expect(odd.resolve("lib-child", version, {})).toBeUndefined();
    }
  });

  it("the engine's source answers with a start's children only while that start runs", async () => {
    const { library, children } = d.stores;
    await library.save({ template: calling("lib-during") });
    const seen = await children.startWith(calling("top", "lib-during"), () =>
      children.source.resolve("lib-during", undefined, {}),
    );
    expect(seen?.template.template_id).toBe("lib-during");
    expect(children.source.resolve("lib-during", undefined, {})).toBeUndefined();
    await expect(
      children.startWith(calling("top"), () => {
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(children.source.resolve("lib-during", undefined, {})).toBeUndefined();
  });
});
