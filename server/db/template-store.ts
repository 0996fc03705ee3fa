/**
 * Templates and their immutable versions. Saving identical content is a no-op; changed content
 * becomes a new version; every save is one transaction (no half-written record).
 */
import type Database from "better-sqlite3";
import { eq, or, sql } from "drizzle-orm";
import { contentHash } from "@/lib/workflow/versions/content-hash";
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { parseTemplate } from "@/lib/workflow/model/parse-template";
import { validateTemplate } from "@/lib/workflow/validate/validate-template";
import type { Template } from "@/lib/workflow/model/template-schema";
import { newId } from "./new-id";
import { perConnection } from "./per-connection";
import type { Db } from "./open-database";
import { LIST_ITEM_COLUMNS, toListItem, type TemplateListItem } from "./list-templates";
import { templates, templateVersions, type TemplateRow } from "./schema";
import { summarizeTemplate } from "./template-summary";

export class TemplateStoreError extends Error {
  constructor(
    readonly kind: "not_found" | "invalid" | "conflict",
    message: string,
    readonly diagnostics: Diagnostic[] = [],
    /** The template exists but is soft-deleted (a restore brings it back). */
    readonly deleted = false,
  ) {
    super(message);
    this.name = "TemplateStoreError";
  }
}

function listItem(db: Db, pk: string): TemplateListItem {
  const row = db.$client.prepare(`select ${LIST_ITEM_COLUMNS} from templates t where t.id = ?`).get(pk);
  return toListItem(row as Record<string, unknown>);
}

function findRow(db: Db, idOrTemplateId: string): TemplateRow | undefined {
  return db
    .select()
    .from(templates)
    .where(or(eq(templates.id, idOrTemplateId), eq(templates.templateId, idOrTemplateId)))
    .get();
}

export interface TemplateVersionInfo {
  version: number;
  createdAt: number;
  hash: string;
  /** Saved while the validator reported errors. */
  draft: boolean;
}

export interface TemplateDetail {
  id: string;
  version: number;
  template: Template;
  /** Read when first asked for: `run.start` needs only the template. */
  readonly versions: TemplateVersionInfo[];
  /** Read when first asked for (it counts the template's runs). */
  readonly item: TemplateListItem;
}

/** `run.start` reads a template per run: the lookups are prepared once per connection. */
function statements(sqlite: Database.Database) {
  return {
    row: sqlite.prepare(
      `select id, latest_version as latestVersion, deleted_at as deletedAt from templates where id = ?
       union all select id, latest_version, deleted_at from templates where template_id = ? limit 1`,
    ),
    version: sqlite.prepare(`select hash, draft from template_versions where template_pk = ? and version = ?`),
    json: sqlite.prepare(`select json from template_versions where template_pk = ? and version = ?`),
    versions: sqlite.prepare(
      `select version, created_at as createdAt, hash, draft from template_versions where template_pk = ? order by version desc`,
    ),
  };
}
const stmts = perConnection(statements);
/** Parsed versions by `<pk> <version> <hash>`: a version is never updated, so its parse can be kept. */
const parsedCache = perConnection(() => new Map<string, Template>());
const PARSED_CACHE_SIZE = 64;

function parsedVersion(db: Db, pk: string, version: number, hash: string, label: string): Template {
  const cache = parsedCache(db);
  const key = `${pk} ${version} ${hash}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const { json } = stmts(db).json.get(pk, version) as { json: string };
  const parsed = parseTemplate(JSON.parse(json));
  if (!parsed.ok)
    throw new TemplateStoreError(
      "invalid",
      `Stored template ${label} v${version} no longer parses`,
      parsed.diagnostics,
    );
  if (cache.size >= PARSED_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, parsed.template);
  return parsed.template;
}

export interface GetTemplateOptions {
  /** Also a soft-deleted template (the restore flow); otherwise a deleted one is NOT_FOUND. */
  includeDeleted?: boolean;
}

/**
 * By database id or by `template_id`; the latest version unless `version` is given. A deleted
 * template is not found (so `run.start` and `wf run` refuse it) unless `includeDeleted` is set.
 * The returned template is shared with later calls (a cache): never mutate it.
 */
export function getTemplate(
  db: Db,
  idOrTemplateId: string,
  version?: number,
  options: GetTemplateOptions = {},
): TemplateDetail {
  const s = stmts(db);
  const row = s.row.get(idOrTemplateId, idOrTemplateId) as
    { id: string; latestVersion: number; deletedAt: number | null } | undefined;
  if (!row) throw new TemplateStoreError("not_found", `No template with id "${idOrTemplateId}"`);
  if (row.deletedAt !== null && !options.includeDeleted)
    throw new TemplateStoreError(
      "not_found",
      `Template "${idOrTemplateId}" is deleted; restore it to use it`,
      [],
      true,
    );
  const wanted = version ?? row.latestVersion;
  const v = s.version.get(row.id, wanted) as { hash: string } | undefined;
  if (!v) throw new TemplateStoreError("not_found", `Template "${idOrTemplateId}" has no version ${wanted}`);
  const template = parsedVersion(db, row.id, wanted, v.hash, row.id);
  let versions: TemplateVersionInfo[] | undefined;
  let item: TemplateListItem | undefined;
  return {
    id: row.id,
    version: wanted,
    template,
    get versions() {
      versions ??= (s.versions.all(row.id) as (Omit<TemplateVersionInfo, "draft"> & { draft: number })[]).map((r) => ({
        ...r,
        draft: Boolean(r.draft),
      }));
      return versions;
    },
    get item() {
      item ??= listItem(db, row.id);
      return item;
    },
  };
}

export interface SaveResult {
  id: string;
  version: number;
  changed: boolean;
  /** `validateTemplate` found errors: kept as a draft (not runnable until fixed). */
  draft: boolean;
}

/**
 * Saves a template as a new version when its content hash changed. A schema-invalid template is
 * refused (nothing written); one with graph errors is saved as a draft. Saving onto a deleted
 * template (by its id or its `template_id`) brings it back, history included, only with
 * `mayRestore` (an admin's save: restoring is an admin's call); otherwise it is refused as a
 * conflict and nothing is written.
 */
export function saveTemplate(
  db: Db,
  input: { id?: string; template: unknown },
  options: { mayRestore?: boolean } = {},
): SaveResult {
  const parsed = parseTemplate(input.template);
  if (!parsed.ok) throw new TemplateStoreError("invalid", "The template does not match the schema", parsed.diagnostics);
  const template = parsed.template;
  const hash = contentHash(template);
  const json = JSON.stringify(template);
  const draft = !validateTemplate(template).ok;
  const fields = {
    templateId: template.template_id,
    name: template.name,
    slug: template.template_id,
    description: template.description,
    tags: JSON.stringify(template.tags),
    latestDraft: draft,
    deletedAt: null,
    ...summarizeTemplate(template),
  };
  return db.transaction((tx) => {
    const row = input.id
      ? tx.select().from(templates).where(eq(templates.id, input.id)).get()
      : tx.select().from(templates).where(eq(templates.templateId, template.template_id)).get();
    if (input.id && !row) throw new TemplateStoreError("not_found", `No template with id "${input.id}"`);
    const clash = tx.select().from(templates).where(eq(templates.templateId, template.template_id)).get();
    if (clash && clash.id !== row?.id) {
      throw new TemplateStoreError(
        "conflict",
        `template_id "${template.template_id}" is already used by another template (${clash.id})`,
      );
    }
    if (row && row.deletedAt !== null && !options.mayRestore)
      throw new TemplateStoreError(
        "conflict",
        `template "${row.templateId}" was deleted; saving it again would bring it back, which only an admin can do (restore it from the library's deleted templates), or save it under another template_id`,
        [],
        true,
      );
    const now = Date.now();
    if (row && row.latestHash === hash) {
      if (row.deletedAt !== null) tx.update(templates).set({ deletedAt: null }).where(eq(templates.id, row.id)).run();
      return { id: row.id, version: row.latestVersion, changed: false, draft: row.latestDraft };
    }
    if (row) {
      const version = row.latestVersion + 1;
      tx.insert(templateVersions).values({ templateId: row.id, version, hash, json, draft, createdAt: now }).run();
      tx.update(templates)
        .set({ ...fields, latestVersion: version, latestHash: hash, updatedAt: now })
        .where(eq(templates.id, row.id))
        .run();
      return { id: row.id, version, changed: true, draft };
    }
    const id = newId("tpl");
    tx.insert(templates)
      .values({ id, ...fields, latestVersion: 1, latestHash: hash, createdAt: now, updatedAt: now })
      .run();
    tx.insert(templateVersions).values({ templateId: id, version: 1, hash, json, draft, createdAt: now }).run();
    return { id, version: 1, changed: true, draft };
  });
}

function requireRow(db: Db, id: string): TemplateRow {
  const row = findRow(db, id);
  if (!row) throw new TemplateStoreError("not_found", `No template with id "${id}"`);
  return row;
}

/** Soft delete: hidden from the library, versions and runs kept; `restoreTemplate` undoes it. */
export function deleteTemplate(db: Db, id: string): boolean {
  const row = requireRow(db, id);
  if (row.deletedAt === null) db.update(templates).set({ deletedAt: Date.now() }).where(eq(templates.id, row.id)).run();
  return true;
}

export function restoreTemplate(db: Db, id: string): boolean {
  const row = requireRow(db, id);
  if (row.deletedAt !== null) db.update(templates).set({ deletedAt: null }).where(eq(templates.id, row.id)).run();
  return true;
}

/** `<template_id>-copy`, then `-copy-2`, `-copy-3`… — the first one no template (deleted ones too) uses. */
function copyTemplateId(db: Db, templateId: string): string {
  const base = `${templateId}-copy`;
  const taken = new Set(
    (
      db.$client
        .prepare(`select template_id from templates where template_id = ? or template_id like ? escape '\\'`)
        .all(base, `${base.replace(/[%_\\]/g, (c) => `\\${c}`)}-%`) as { template_id: string }[]
    ).map((r) => r.template_id),
  );
  if (!taken.has(base)) return base;
  let k = 2;
  while (taken.has(`${base}-${k}`)) k++;
  return `${base}-${k}`;
}

/** A new template (version 1) with the latest content of `id`, a `-copy` template_id and a "(copy)" name. */
export function duplicateTemplate(db: Db, id: string): SaveResult & { template_id: string } {
  const source = getTemplate(db, id);
  const templateId = copyTemplateId(db, source.template.template_id);
  const copy = { ...source.template, template_id: templateId, name: `${source.template.name} (copy)` };
  // A concurrent duplicate taking the same id fails on the unique index (CONFLICT), never overwrites.
  return { ...saveTemplate(db, { template: copy }), template_id: templateId };
}

/** All templates, deleted ones included (seeding runs only on a library that never had any). */
export function countTemplates(db: Db): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(templates)
      .get()?.n ?? 0
  );
}
