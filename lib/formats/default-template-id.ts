/** A stable `template_id` for an imported workflow that did not carry one: `wft-<kebab-slug>`. */
export function defaultTemplateId(name: string): string {
  const slug = name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `wft-${slug || "workflow"}`;
}
