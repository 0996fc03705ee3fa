/**
 * Templates and their immutable versions. Saving identical content is a no-op; changed content
 * becomes a new version; every save is one transaction (no half-written record).
 */
import { and, desc, eq, like, or, sql } from "drizzle-orm";
import { contentHash } from "@/lib/workflow/content-hash";
import type { Diagnostic } from "@/lib/workflow/diagnostic";
import { parseTemplate } from "@/lib/workflow/parse-template";
import type { Template } from "@/lib/workflow/template-schema";
import { newId } from "./new-id";
import type { Db } from "./open-database";
import { templates, templateVersions, type TemplateRow } from "./schema";

export class TemplateStoreError extends Error {
  constructor(
    readonly kind: "not_found" | "invalid" | "conflict",
    message: string,
    readonly diagnostics: Diagnostic[] = [],
  ) {
    super(message);
    this.name = "TemplateStoreError";
  }
}

export interface TemplateListItem {
  id: string;
  template_id: string;
  name: string;
  description: string;
  tags: string[];
  version: number;
  hash: string;
  createdAt: number;
  updatedAt: number;
}

function toListItem(row: TemplateRow): TemplateListItem {
  return {
    id: row.id,
    template_id: row.templateId,
    name: row.name,
    description: row.description,
    tags: JSON.parse(row.tags) as string[],
    version: row.latestVersion,
    hash: row.latestHash,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function listTemplates(db: Db, filter: { search?: string; tag?: string } = {}): TemplateListItem[] {
  const conds = [];
  if (filter.search) {
    const q = `%${filter.search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    conds.push(
      or(
        sql`${templates.name} like ${q} escape '\\'`,
        sql`${templates.description} like ${q} escape '\\'`,
        sql`${templates.templateId} like ${q} escape '\\'`,
      ),
    );
  }
  if (filter.tag) conds.push(like(templates.tags, `%${JSON.stringify(filter.tag)}%`));
  const rows = db
    .select()
    .from(templates)
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(desc(templates.updatedAt), templates.name)
    .all();
  return rows.map(toListItem);
}

function findRow(db: Db, idOrTemplateId: string): TemplateRow | undefined {
  return db
    .select()
    .from(templates)
    .where(or(eq(templates.id, idOrTemplateId), eq(templates.templateId, idOrTemplateId)))
    .get();
}

export interface TemplateDetail {
  id: string;
  version: number;
  template: Template;
  versions: { version: number; createdAt: number; hash: string }[];
  item: TemplateListItem;
}

/** By database id or by `template_id`; the latest version unless `version` is given. */
export function getTemplate(db: Db, idOrTemplateId: string, version?: number): TemplateDetail {
  const row = findRow(db, idOrTemplateId);
  if (!row) throw new TemplateStoreError("not_found", `No template with id "${idOrTemplateId}"`);
  const versions = db
    .select({ version: templateVersions.version, createdAt: templateVersions.createdAt, hash: templateVersions.hash })
    .from(templateVersions)
    .where(eq(templateVersions.templateId, row.id))
    .orderBy(desc(templateVersions.version))
    .all();
  const wanted = version ?? row.latestVersion;
  const v = db
    .select()
    .from(templateVersions)
    .where(and(eq(templateVersions.templateId, row.id), eq(templateVersions.version, wanted)))
    .get();
  if (!v) throw new TemplateStoreError("not_found", `Template "${idOrTemplateId}" has no version ${wanted}`);
  const parsed = parseTemplate(JSON.parse(v.json));
  if (!parsed.ok) {
    throw new TemplateStoreError(
      "invalid",
      `Stored template ${row.id} v${wanted} no longer parses`,
      parsed.diagnostics,
    );
  }
  return { id: row.id, version: wanted, template: parsed.template, versions, item: toListItem(row) };
}

export interface SaveResult {
  id: string;
  version: number;
  changed: boolean;
}

export function saveTemplate(db: Db, input: { id?: string; template: unknown }): SaveResult {
  const parsed = parseTemplate(input.template);
  if (!parsed.ok) throw new TemplateStoreError("invalid", "The template does not match the schema", parsed.diagnostics);
  const template = parsed.template;
  const hash = contentHash(template);
  const json = JSON.stringify(template);
  const fields = {
    templateId: template.template_id,
    name: template.name,
    slug: template.template_id,
    description: template.description,
    tags: JSON.stringify(template.tags),
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
    if (row && row.latestHash === hash) return { id: row.id, version: row.latestVersion, changed: false };
    const now = Date.now();
    if (row) {
      const version = row.latestVersion + 1;
      tx.insert(templateVersions).values({ templateId: row.id, version, hash, json, createdAt: now }).run();
      tx.update(templates)
        .set({ ...fields, latestVersion: version, latestHash: hash, updatedAt: now })
        .where(eq(templates.id, row.id))
        .run();
      return { id: row.id, version, changed: true };
    }
    const id = newId("tpl");
    tx.insert(templates)
      .values({ id, ...fields, latestVersion: 1, latestHash: hash, createdAt: now, updatedAt: now })
      .run();
    tx.insert(templateVersions).values({ templateId: id, version: 1, hash, json, createdAt: now }).run();
    return { id, version: 1, changed: true };
  });
}

export function deleteTemplate(db: Db, id: string): boolean {
  const row = findRow(db, id);
  if (!row) throw new TemplateStoreError("not_found", `No template with id "${id}"`);
  db.delete(templates).where(eq(templates.id, row.id)).run();
  return true;
}

export function countTemplates(db: Db): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(templates)
      .get()?.n ?? 0
  );
}
