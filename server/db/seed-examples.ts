/** Seeds the example templates into an empty library (first start only). */
import { EXAMPLE_TEMPLATES } from "./example-templates";
import type { Db } from "./open-database";
import { countTemplates, saveTemplate } from "./template-store";

/** Returns how many templates were seeded (0 when the library already has any). */
export function seedExampleTemplates(db: Db): number {
  if (countTemplates(db) > 0) return 0;
  for (const template of EXAMPLE_TEMPLATES) saveTemplate(db, { template });
  return EXAMPLE_TEMPLATES.length;
}
