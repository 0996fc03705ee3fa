/**
 * The executor catalog in effect: the shipped default (lib/describe/default-executor-catalog.ts)
 * with the user's file merged over it. The file is WF_CATALOG (which must exist), else
 * `<data dir>/catalog.yaml` / `.yml` / `.json` when present. YAML or JSON; format in README.md.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { DEFAULT_EXECUTOR_CATALOG } from "@/lib/describe/default-executor-catalog";
import { describeDiagnostic } from "@/lib/describe/describe-issues";
import type { ExecutorCatalog } from "@/lib/describe/executor-catalog-schema";
import { mergeExecutorCatalogs, parseExecutorCatalog } from "@/lib/describe/parse-executor-catalog";
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { dataDir } from "@/server/config/data-paths";
import type { EnvVars } from "@/server/config/env-vars";

/** The user's catalog file could not be used; `diagnostics` say where and why (code DS005). */
export class ExecutorCatalogError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(diagnostics.map((d) => d.message).join("; "));
    this.name = "ExecutorCatalogError";
  }
}

/** The user's catalog file, or undefined when there is none. */
export function executorCatalogPath(env: EnvVars): string | undefined {
  // turbopackIgnore: the file is chosen at run time; tracing it at build would copy the whole project.
  if (env.WF_CATALOG) return path.resolve(/*turbopackIgnore: true*/ env.WF_CATALOG);
  const dir = dataDir(env);
  return ["catalog.yaml", "catalog.yml", "catalog.json"]
    .map((f) => path.join(/*turbopackIgnore: true*/ dir, f))
    .find((f) => existsSync(f));
}

/** Reads the catalog in effect; throws ExecutorCatalogError when the user's file is unreadable or invalid. */
export function loadExecutorCatalog(env: EnvVars): ExecutorCatalog {
  const file = executorCatalogPath(env);
  if (!file) return DEFAULT_EXECUTOR_CATALOG;
  let raw: unknown;
  try {
    raw = parseYaml(readFileSync(file, "utf8"));
  } catch (err) {
    const detail = err instanceof Error ? err.message.split("\n")[0] : String(err);
    throw new ExecutorCatalogError([describeDiagnostic("DS005", [file, detail], { file })]);
  }
  const parsed = parseExecutorCatalog(raw, file);
  if (!parsed.ok) throw new ExecutorCatalogError(parsed.diagnostics);
  return mergeExecutorCatalogs(DEFAULT_EXECUTOR_CATALOG, parsed.catalog);
}
