/**
 * A stable `template_id` for an imported workflow that did not carry one: `wft-<slug>`, without
 * the date `templateIdFor` adds, so importing the same file twice gives the same id.
 */
import { slugify } from "@/lib/workflow/versions/template-identity";

export function defaultTemplateId(name: string): string {
  return `wft-${slugify(name)}`;
}
