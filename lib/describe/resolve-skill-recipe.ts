/** A `skill` node's recipe: its `executor` names an executor catalog entry. Used by the engine. */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { describeDiagnostic } from "./describe-issues";
import type { CatalogEntry, ExecutorCatalog, Recipe } from "./executor-catalog-schema";

export type ResolveSkillRecipeResult =
  { ok: true; name: string; entry: CatalogEntry; recipe: Recipe } | { ok: false; diagnostic: Diagnostic };

/** Looks `name` up (exact match; entry names are lower-case). Pure; never throws. */
export function resolveSkillRecipe(catalog: ExecutorCatalog, name: string | undefined): ResolveSkillRecipeResult {
  const key = (name ?? "").trim();
  const entry = Object.hasOwn(catalog.entries, key) ? catalog.entries[key] : undefined;
  if (!entry) return { ok: false, diagnostic: describeDiagnostic("DS004", [key], { field: "executor" }) };
  return { ok: true, name: key, entry, recipe: entry.recipe };
}
