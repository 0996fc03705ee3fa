/**
 * Reading the library's templates and their immutable versions, on either database through the SQL seam
 * (decision 051): by database id or `template_id`, a version or the latest, deleted ones only when asked.
 * A version is never updated, so its parse is kept (per store object).
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { parseTemplateInSlices } from "@/lib/workflow/model/parse-template";
import type { Template } from "@/lib/workflow/model/template-schema";
import { rawRowMapper, type RawRow } from "./map-raw-row";
import { templates, type TemplateRow } from "./schema";
import type { SqlQueries } from "./sql/sql-db";
import { runInTurns } from "@/server/timers/run-in-turns";

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

/** A `templates` row as read by either database. */
export const toTemplateRow = rawRowMapper(templates);

/** The row whose id or `template_id` is `idOrTemplateId` (an id match first). */
async function findTemplateRow(q: SqlQueries, idOrTemplateId: string): Promise<TemplateRow | undefined> {
  const raw = await q.get<RawRow>(
    `select * from templates where id = ? or template_id = ? order by case when id = ? then 0 else 1 end limit 1`,
    [idOrTemplateId, idOrTemplateId, idOrTemplateId],
  );
  return raw && toTemplateRow(raw);
}

export async function requireTemplateRow(q: SqlQueries, id: string): Promise<TemplateRow> {
  const row = await findTemplateRow(q, id);
  if (!row) throw new TemplateStoreError("not_found", `No template with id "${id}"`);
  return row;
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
  /** Shared with later reads of the same version (a cache): never mutate it. */
  template: Template;
}

export interface GetTemplateOptions {
  /** Also a soft-deleted template (the restore flow); otherwise a deleted one is NOT_FOUND. */
  includeDeleted?: boolean;
}

const PARSED_CACHE_SIZE = 64;

export class TemplateReader {
  /** Parsed versions by `<pk> <version> <hash>`, the oldest dropped first. */
  private readonly parsed = new Map<string, Template>();
  private readonly parsing = new Map<string, Promise<Template>>();

  constructor(private readonly sql: SqlQueries) {}

  /**
   * By database id or by `template_id`; the latest version unless `version` is given. A deleted template is
   * not found (so `run.start` and `wf run` refuse it) unless `includeDeleted` is set.
   */
  async get(idOrTemplateId: string, version?: number, options: GetTemplateOptions = {}): Promise<TemplateDetail> {
    // The template's row and its wanted version's hash in one statement (one round trip on PostgreSQL).
    const row = await this.sql.get<{
      id: string;
      latest_version: number;
      deleted_at: number | null;
      hash: string | null;
    }>(
      `select t.id, t.latest_version, t.deleted_at, v.hash from templates t
        left join template_versions v on v.template_pk = t.id and v.version = coalesce(?, t.latest_version)
        where t.id = ? or t.template_id = ?
        order by case when t.id = ? then 0 else 1 end limit 1`,
      [version ?? null, idOrTemplateId, idOrTemplateId, idOrTemplateId],
    );
    if (!row) throw new TemplateStoreError("not_found", `No template with id "${idOrTemplateId}"`);
    if (row.deleted_at !== null && !options.includeDeleted)
      throw new TemplateStoreError(
        "not_found",
        `Template "${idOrTemplateId}" is deleted; restore it to use it`,
        [],
        true,
      );
    const wanted = version ?? row.latest_version;
    if (row.hash === null)
      throw new TemplateStoreError("not_found", `Template "${idOrTemplateId}" has no version ${wanted}`);
    return { id: row.id, version: wanted, template: await this.parsedVersion(row.id, wanted, row.hash) };
  }

  /** The versions of the template `pk` (a database id), newest first. */
  async versions(pk: string): Promise<TemplateVersionInfo[]> {
    const rows = await this.sql.all<{ version: number; created_at: number; hash: string; draft: number | boolean }>(
      "select version, created_at, hash, draft from template_versions where template_pk = ? order by version desc",
      [pk],
    );
    return rows.map((r) => ({ version: r.version, createdAt: r.created_at, hash: r.hash, draft: Boolean(r.draft) }));
  }

  /**
   * Keeps a version just saved, parsed, for the reads that follow: `template` is what the schema gave for the
   * JSON that was stored, so it is what a read would parse (the cache's rule: never mutate it).
   */
  remember(pk: string, version: number, hash: string, template: Template): void {
    this.keep(`${pk} ${version} ${hash}`, template);
  }

  private keep(key: string, template: Template): void {
    if (this.parsed.size >= PARSED_CACHE_SIZE) this.parsed.delete(this.parsed.keys().next().value!);
    this.parsed.set(key, template);
  }

  private parsedVersion(pk: string, version: number, hash: string): Promise<Template> {
    const key = `${pk} ${version} ${hash}`;
    const hit = this.parsed.get(key);
    if (hit) return Promise.resolve(hit);
    // Reads of one version at once share its parse (and so the object a start's checks and plan are kept on).
    const pending = this.parsing.get(key);
    if (pending) return pending;
    const parsing = this.parseVersion(pk, version, key).finally(() => this.parsing.delete(key));
    this.parsing.set(key, parsing);
    return parsing;
  }

  private async parseVersion(pk: string, version: number, key: string): Promise<Template> {
    const { json } = (await this.sql.get<{ json: string }>(
      "select json from template_versions where template_pk = ? and version = ?",
      [pk, version],
    ))!;
    // A large version is parsed a few milliseconds per turn (its JSON text in one).
    const parsed = await runInTurns(parseTemplateInSlices(JSON.parse(json)));
    if (!parsed.ok)
      throw new TemplateStoreError("invalid", `Stored template ${pk} v${version} no longer parses`, parsed.diagnostics);
    this.keep(key, parsed.template);
    return parsed.template;
  }
}
