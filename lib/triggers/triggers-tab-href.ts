/** Where a template's Triggers tab is (`/templates/<id>?tab=triggers`). */
export function triggersTabHref(templateId: string): string {
  return `/templates/${encodeURIComponent(templateId)}?tab=triggers`;
}
