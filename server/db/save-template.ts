/**
 * Saving a template as a new immutable version. The parse, content hash and validation happen before the
 * transaction (`prepareSave`); the checks and writes are one transaction (`saveIn`): identical content is a
 * no-op, changed content a new version, and a refusal writes nothing.
 */
import { contentHashInSlices } from "@/lib/workflow/versions/content-hash";
import { parseTemplateInSlices } from "@/lib/workflow/model/parse-template";
import type { Template } from "@/lib/workflow/model/template-schema";
import { jsonInSlices } from "@/lib/workflow/slices/json-in-slices";
import type { Sliced } from "@/lib/workflow/slices/sliced";
import { validateParsedTemplateInSlices } from "@/lib/workflow/validate/validate-template";
import { newId } from "./new-id";
import type { SqlParam, SqlQueries } from "./sql/sql-db";
import { TemplateStoreError, toTemplateRow } from "./template-store";
import type { RawRow } from "./map-raw-row";
import { summarizeTemplate } from "./template-summary";

export interface SaveResult {
  id: string;
  version: number;
  changed: boolean;
  /** `validateTemplate` found errors: kept as a draft (not runnable until fixed). */
  draft: boolean;
}

export interface SaveOptions {
  /** Saving onto a deleted template brings it back (an admin's save); otherwise that is a conflict. */
  mayRestore?: boolean;
}

/** What a save writes, worked out before its transaction. */
export interface PreparedSave {
  id?: string;
  template: Template;
  hash: string;
  json: string;
  draft: boolean;
}

/**
 * Refuses a schema-invalid template (TemplateStoreError "invalid", nothing written); a graph error makes a draft.
 * In slices (`runInTurns`): a large template's parse, hash, JSON text and validation let other work go on.
 */
export function* prepareSave(input: { id?: string; template: unknown }): Sliced<PreparedSave> {
  const parsed = yield* parseTemplateInSlices(input.template);
  if (!parsed.ok) throw new TemplateStoreError("invalid", "The template does not match the schema", parsed.diagnostics);
  const template = parsed.template;
  return {
    ...(input.id ? { id: input.id } : {}),
    template,
    hash: yield* contentHashInSlices(template),
    json: yield* jsonInSlices(template),
    draft: !(yield* validateParsedTemplateInSlices(template)).ok,
  };
}

/** The listed and searched columns a save sets, in `FIELD_COLUMNS` order. */
function fieldValues(s: PreparedSave): SqlParam[] {
  const t = s.template;
  const summary = summarizeTemplate(t);
  return [
    t.template_id,
    t.name,
    t.template_id,
    t.description,
    JSON.stringify(t.tags),
    s.draft,
    summary.nodeCount,
    summary.taskType,
    summary.searchText,
  ];
}
const FIELD_COLUMNS = [
  "template_id",
  "name",
  "slug",
  "description",
  "tags",
  "latest_draft",
  "node_count",
  "task_type",
  "search_text",
];

const INSERT_VERSION =
  "insert into template_versions (template_pk, version, hash, json, draft, created_at) values (?, ?, ?, ?, ?, ?)";

/**
 * The save's checks and writes inside a transaction. Saving onto a deleted template (by its id or its
 * `template_id`) brings it back, history included, only with `mayRestore`; otherwise it is refused as a
 * conflict. A `template_id` another template uses is a conflict too.
 */
export async function saveIn(tx: SqlQueries, s: PreparedSave, options: SaveOptions = {}): Promise<SaveResult> {
  const templateId = s.template.template_id;
  const byTemplateId = async () => {
    const raw = await tx.get<RawRow>("select * from templates where template_id = ?", [templateId]);
    return raw && toTemplateRow(raw);
  };
  const clash = await byTemplateId();
  const raw = s.id ? await tx.get<RawRow>("select * from templates where id = ?", [s.id]) : undefined;
  const row = s.id ? raw && toTemplateRow(raw) : clash;
  if (s.id && !row) throw new TemplateStoreError("not_found", `No template with id "${s.id}"`);
  if (clash && clash.id !== row?.id)
    throw new TemplateStoreError(
      "conflict",
      `template_id "${templateId}" is already used by another template (${clash.id})`,
    );
  if (row && row.deletedAt !== null && !options.mayRestore)
    throw new TemplateStoreError(
      "conflict",
      `template "${row.templateId}" was deleted; saving it again would bring it back, which only an admin can do (restore it from the library's deleted templates), or save it under another template_id`,
      [],
      true,
    );
  const now = Date.now();
  if (row && row.latestHash === s.hash) {
    if (row.deletedAt !== null) await tx.run("update templates set deleted_at = null where id = ?", [row.id]);
    return { id: row.id, version: row.latestVersion, changed: false, draft: row.latestDraft };
  }
  if (row) {
    const version = row.latestVersion + 1;
    await tx.run(INSERT_VERSION, [row.id, version, s.hash, s.json, s.draft, now]);
    await tx.run(
      `update templates set ${FIELD_COLUMNS.map((c) => `${c} = ?`).join(", ")},
        deleted_at = null, latest_version = ?, latest_hash = ?, updated_at = ? where id = ?`,
      [...fieldValues(s), version, s.hash, now, row.id],
    );
    return { id: row.id, version, changed: true, draft: s.draft };
  }
  const id = newId("tpl");
  const columns = ["id", ...FIELD_COLUMNS, "latest_version", "latest_hash", "created_at", "updated_at"];
  await tx.run(`insert into templates (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`, [
    id,
    ...fieldValues(s),
    1,
    s.hash,
    now,
    now,
  ]);
  await tx.run(INSERT_VERSION, [id, 1, s.hash, s.json, s.draft, now]);
  return { id, version: 1, changed: true, draft: s.draft };
}
