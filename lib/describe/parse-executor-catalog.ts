/** Unknown data (a parsed YAML/JSON file) → an executor catalog, or DS005 diagnostics naming the path. */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { toJsonPath } from "@/lib/workflow/model/parse-template";
import { describeDiagnostic } from "./describe-issues";
import { ExecutorCatalogSchema, type ExecutorCatalog } from "./executor-catalog-schema";

export type ParseExecutorCatalogResult =
  { ok: true; catalog: ExecutorCatalog } | { ok: false; diagnostics: Diagnostic[] };

export function parseExecutorCatalog(raw: unknown, where: string): ParseExecutorCatalogResult {
  const parsed = ExecutorCatalogSchema.safeParse(raw ?? {});
  if (parsed.success) return { ok: true, catalog: parsed.data };
  return {
    ok: false,
    diagnostics: parsed.error.issues.map((issue) => {
      const path = toJsonPath(issue.path);
      return describeDiagnostic("DS005", [where, `${path}: ${issue.message}`], { path, file: where });
    }),
  };
}

/** The user's entries over the shipped ones (same name → the user's), unless it replaces them. */
export function mergeExecutorCatalogs(base: ExecutorCatalog, user: ExecutorCatalog): ExecutorCatalog {
  if (user.replace_defaults) return { version: 1, entries: { ...user.entries } };
  return { version: 1, entries: { ...base.entries, ...user.entries } };
}
