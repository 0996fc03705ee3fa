/**
 * The template library as one store object over the SQL seam (decision 051), built once over the chosen
 * database (`createServerDeps`, the CLI, tests) and handed down as `ctx.deps.library`: templates and their
 * immutable versions (save, get, versions, delete / restore, duplicate), the list with its search and facets,
 * and the examples seeded into an empty library. The same SQL runs on SQLite and PostgreSQL.
 */
import type { TemplateInput } from "@/lib/workflow/model/template-schema";
import { EXAMPLE_TEMPLATES } from "./example-templates";
import {
  libraryFacets,
  listTemplates,
  templateListItem,
  type LibraryFacets,
  type TemplateList,
  type TemplateListFilter,
  type TemplateListItem,
} from "./list-templates";
import { prepareSave, saveIn, type SaveOptions, type SaveResult } from "./save-template";
import type { SqlDb, SqlQueries } from "./sql/sql-db";
import {
  requireTemplateRow,
  TemplateReader,
  TemplateStoreError,
  type GetTemplateOptions,
  type TemplateDetail,
  type TemplateVersionInfo,
} from "./template-store";
import { finish } from "@/lib/workflow/slices/sliced";
import { runInTurns } from "@/server/timers/run-in-turns";

const countTemplates = async (q: SqlQueries) => (await q.get<{ n: number }>("select count(*) as n from templates"))!.n;

/** `<template_id>-copy`, then `-copy-2`, `-copy-3`… — the first one no template (deleted ones too) uses. */
async function copyTemplateId(q: SqlQueries, templateId: string): Promise<string> {
  const base = `${templateId}-copy`;
  const rows = await q.all<{ template_id: string }>(
    `select template_id from templates where template_id = ? or template_id like ? escape '\\'`,
    [base, `${base.replace(/[%_\\]/g, (c) => `\\${c}`)}-%`],
  );
  const taken = new Set(rows.map((r) => r.template_id));
  if (!taken.has(base)) return base;
  let k = 2;
  while (taken.has(`${base}-${k}`)) k++;
  return `${base}-${k}`;
}

export class TemplateLibrary {
  private readonly reader: TemplateReader;

  constructor(private readonly sql: SqlDb) {
    this.reader = new TemplateReader(sql);
  }

  /** By database id or `template_id`, the latest version unless `version` is given (TemplateStoreError when none). */
  get(idOrTemplateId: string, version?: number, options?: GetTemplateOptions): Promise<TemplateDetail> {
    return this.reader.get(idOrTemplateId, version, options);
  }

  /** The versions of the template `pk` (a database id, as `get` answers it), newest first. */
  versions(pk: string): Promise<TemplateVersionInfo[]> {
    return this.reader.versions(pk);
  }

  /** The template `pk` as the library lists it (its runs counted). */
  async item(pk: string): Promise<TemplateListItem> {
    const item = await templateListItem(this.sql, pk);
    if (!item) throw new TemplateStoreError("not_found", `No template with id "${pk}"`);
    return item;
  }

  list(filter?: TemplateListFilter): Promise<TemplateList> {
    return listTemplates(this.sql, filter);
  }

  /** Every tag and task type of the live library, for the filters. */
  facets(): Promise<LibraryFacets> {
    return libraryFacets(this.sql);
  }

  /**
   * Saves a template as a new version when its content hash changed. A schema-invalid template is refused
   * (nothing written); one with graph errors is saved as a draft. Onto a deleted template only with
   * `mayRestore` (else a conflict, nothing written).
   */
  async save(input: { id?: string; template: unknown }, options: SaveOptions = {}): Promise<SaveResult> {
    const prepared = await runInTurns(prepareSave(input));
    const saved = await this.sql.transaction((tx) => saveIn(tx, prepared, options));
    // The version as a read would parse it: its first `run.start` here needs no parse.
    if (saved.changed) this.reader.remember(saved.id, saved.version, prepared.hash, prepared.template);
    return saved;
  }

  /** Soft delete: hidden from the library, versions and runs kept; `restore` undoes it. */
  async delete(id: string): Promise<boolean> {
    await this.sql.transaction(async (tx) => {
      const row = await requireTemplateRow(tx, id);
      if (row.deletedAt === null)
        await tx.run("update templates set deleted_at = ? where id = ?", [Date.now(), row.id]);
    });
    return true;
  }

  async restore(id: string): Promise<boolean> {
    await this.sql.transaction(async (tx) => {
      const row = await requireTemplateRow(tx, id);
      if (row.deletedAt !== null) await tx.run("update templates set deleted_at = null where id = ?", [row.id]);
    });
    return true;
  }

  /** A new template (version 1) with the latest content of `id`, a `-copy` template_id and a "(copy)" name. */
  async duplicate(id: string): Promise<SaveResult & { template_id: string }> {
    const source = await this.get(id);
    const templateId = await copyTemplateId(this.sql, source.template.template_id);
    const copy = { ...source.template, template_id: templateId, name: `${source.template.name} (copy)` };
    // A concurrent duplicate that took the same id meanwhile makes this one a CONFLICT, never an overwrite.
    return { ...(await this.save({ template: copy })), template_id: templateId };
  }

  /** All templates, deleted ones included. */
  count(): Promise<number> {
    return countTemplates(this.sql);
  }

  /**
   * Seeds the examples (or `templates`) into a library that never had any template, deleted ones included;
   * answers how many were seeded. The check and the saves are one transaction: two processes starting at once
   * seed once.
   */
  async seedExamples(templates: readonly TemplateInput[] = EXAMPLE_TEMPLATES): Promise<number> {
    const prepared = templates.map((template) => finish(prepareSave({ template })));
    return this.sql.transaction(async (tx) => {
      if ((await countTemplates(tx)) > 0) return 0;
      for (const p of prepared) await saveIn(tx, p);
      return prepared.length;
    });
  }
}

export function createLibrary(sql: SqlDb): TemplateLibrary {
  return new TemplateLibrary(sql);
}
