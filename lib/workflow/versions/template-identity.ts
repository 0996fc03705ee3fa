/**
 * Template identity (wf-composer Phase 5.2): the kebab-case slug, `wft-<slug>-<YYYYMMDD>`, and
 * the `-v2`, `-v3` file-name rule for changed content under a taken slug. The content hash that
 * decides "changed" is `contentHash` in ./content-hash (pure SHA-256 over canonical JSON).
 */
const MAX_SLUG = 60;

/** "Feature TDD with Review" → "feature-tdd-with-review"; accents dropped; "workflow" if empty. */
export function slugify(name: string): string {
  const slug = String(name ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG)
    .replace(/-+$/, "");
  return slug || "workflow";
}

/** `wft-<slug>-<YYYYMMDD>` (UTC date). */
export function templateIdFor(name: string, date: Date = new Date()): string {
  const ymd = date.toISOString().slice(0, 10).replace(/-/g, "");
  return `wft-${slugify(name)}-${ymd}`;
}
