/**
 * The library's list on both databases: every search word matched (any script, % and _ as themselves), tags
 * matched exactly, task types, the three sorts, paging with the total, run counts and last statuses, the
 * deleted list, and the facets. Each case works on templates of its own (the database is shared).
 */
import { describe, expect, it } from "vitest";
import { insertTemplateRun, libraryTemplate as tpl } from "@/server/test-support/library-templates";
import { SQL_DATABASES, useTestSqlDb } from "@/server/test-support/test-sql-db";
import { createLibrary } from "./template-library";

describe.each(SQL_DATABASES)("the library's list on %s", (kind) => {
  const d = useTestSqlDb(kind, (sql) => createLibrary(sql));
  const library = () => d.stores;

  it("matches every search word over name, description, tags and node names, case-insensitively", async () => {
    await library().save({
      template: tpl("wft-search-a", { description: "Nightly Invoice 50% export", tags: ["billing"] }),
    });
    await library().save({
      template: tpl("wft-search-b", {
        description: "Invoice",
        nodes: [{ id: "X", name: "Résumé PDF", type: "shell" }],
      }),
    });
    const names = async (search: string) =>
      (await library().list({ search: `${search} wft-search` })).items.map((i) => i.name).sort();
    expect(await names("invoice")).toEqual(["wft-search-a", "wft-search-b"]);
    expect(await names("NIGHTLY export")).toEqual(["wft-search-a"]);
    expect(await names("billing compile")).toEqual(["wft-search-a"]);
    expect(await names("RÉSUMÉ")).toEqual(["wft-search-b"]);
    expect(await names("invoice résumé")).toEqual(["wft-search-b"]);
    expect(await names("50%")).toEqual(["wft-search-a"]);
    expect(await names("5_%")).toEqual([]);
    expect(await names("nightly résumé")).toEqual([]);
  });

  it("filters by tag (exactly) and task type; sorts by name, update and runs; pages with the total", async () => {
    const lib = library();
    const a = await lib.save({
      template: tpl("wft-sort-a", {
        name: "Zeta",
        description: "sortcase",
        tags: ["Sort-ops"],
        metadata: { task_type: "sort-bugfix" },
      }),
    });
    const b = await lib.save({
      template: tpl("wft-sort-b", { name: "alpha", description: "sortcase", tags: ["Sort-ops", "sort-web"] }),
    });
    const c = await lib.save({
      template: tpl("wft-sort-c", { name: "Mid", description: "sortcase", tags: ["sort-ops"] }),
    });
    await insertTemplateRun(d.sql, b.id, "succeeded", 1000);
    await insertTemplateRun(d.sql, b.id, "failed", 2000);
    await insertTemplateRun(d.sql, c.id, "running", 1500);
    // Distinct update times, newest last saved first.
    for (const [k, t] of [a, b, c].entries())
      await d.sql.run("update templates set updated_at = ? where id = ?", [5_000_000 + k, t.id]);
    const names = async (filter: Parameters<typeof lib.list>[0]) =>
      (await lib.list({ search: "sortcase", ...filter })).items.map((i) => i.name);

    expect(await names({ sort: "name" })).toEqual(["alpha", "Mid", "Zeta"]);
    expect(await names({ sort: "updated" })).toEqual(["Mid", "alpha", "Zeta"]);
    expect(await names({})).toEqual(["Mid", "alpha", "Zeta"]);
    expect(await names({ sort: "runs" })).toEqual(["alpha", "Mid", "Zeta"]);
    expect(await names({ tag: "Sort-ops", sort: "name" })).toEqual(["alpha", "Zeta"]);
    expect(await names({ tag: "sort-ops" })).toEqual(["Mid"]);
    expect(await names({ tag: "Sort" })).toEqual([]);
    expect(await names({ taskType: "sort-bugfix" })).toEqual(["Zeta"]);

    const runs = await lib.list({ search: "sortcase", sort: "runs" });
    expect(runs.items[0]).toMatchObject({
      id: b.id,
      template_id: "wft-sort-b",
      tags: ["Sort-ops", "sort-web"],
      runCount: 2,
      lastRunStatus: "failed",
      nodeCount: 2,
      version: 1,
      hash: expect.stringMatching(/^sha256:/),
      updatedAt: 5_000_001,
      deletedAt: null,
    });
    expect(runs.items[2]).toMatchObject({ runCount: 0, lastRunStatus: null, taskType: "sort-bugfix", draft: false });
    const page = await lib.list({ search: "sortcase", sort: "name", limit: 2 });
    expect({ names: page.items.map((i) => i.name), total: page.total }).toEqual({ names: ["alpha", "Mid"], total: 3 });
    expect((await lib.list({ search: "sortcase", sort: "runs", limit: 1 })).items).toMatchObject([{ runCount: 2 }]);
    expect(await lib.item(b.id)).toEqual(runs.items[0]);
  });

  it("lists deleted templates only when asked; the facets are the live library's", async () => {
    const lib = library();
    const gone = await lib.save({
      template: tpl("wft-facet-gone", { tags: ["facet-gone"], metadata: { task_type: "facet-gone" } }),
    });
    await lib.save({
      template: tpl("wft-facet-b", { tags: ["facet-b", "Facet-a"], metadata: { task_type: "facet-x" } }),
    });
    await lib.save({ template: tpl("wft-facet-c", { tags: ["facet-b", "facet-C"] }) });
    await lib.delete(gone.id);
    expect((await lib.list({ search: "wft-facet" })).items.map((i) => i.name).sort()).toEqual([
      "wft-facet-b",
      "wft-facet-c",
    ]);
    expect((await lib.list({ search: "wft-facet", deleted: true })).items).toMatchObject([
      { id: gone.id, deletedAt: expect.any(Number) },
    ]);
    const facets = await lib.facets();
    const ours = (values: string[]) => values.filter((v) => v.toLowerCase().startsWith("facet"));
    expect({ tags: ours(facets.tags), taskTypes: ours(facets.taskTypes) }).toEqual({
      tags: ["Facet-a", "facet-b", "facet-C"],
      taskTypes: ["facet-x"],
    });
    expect(facets.taskTypes).not.toContain("");
  });
});
