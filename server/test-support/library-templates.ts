/** Test helper: small library templates (two shell nodes, A → B) and run rows for the library's contract tests. */
import { newId } from "@/server/db/new-id";
import type { SqlQueries } from "@/server/db/sql/sql-db";

export function libraryTemplate(templateId: string, extra: Record<string, unknown> = {}) {
  return {
    template_id: templateId,
    name: templateId,
    nodes: [
      { id: "A", name: "Fetch the sources", type: "shell", args_template: "true" },
      { id: "B", name: "Compile", type: "shell", args_template: "true" },
    ],
    edges: [{ from: "A", to: "B" }],
    ...extra,
  };
}

/** A run row of the template `templatePk`, as the engine would have stored it (nothing else of it). */
export async function insertTemplateRun(
  sql: SqlQueries,
  templatePk: string,
  status: string,
  createdAt: number,
): Promise<void> {
  await sql.run(
    `insert into runs (id, template_pk, template_json, name, status, workspace, created_at)
      values (?, ?, '{}', 'r', ?, '/tmp', ?)`,
    [newId("run"), templatePk, status, createdAt],
  );
}
