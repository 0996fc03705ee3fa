/**
 * Template identity (docs/model.md, "Identity and versions"): the kebab-case slug, `wft-<slug>-<YYYYMMDD>`, and
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

/** `slug`, else the first free `slug-v2`, `slug-v3`, … */
export function nextVersionedSlug(slug: string, isTaken: (candidate: string) => boolean): string {
  if (!isTaken(slug)) return slug;
  for (let v = 2; ; v++) if (!isTaken(`${slug}-v${v}`)) return `${slug}-v${v}`;
}

export interface TemplateFilePlan {
  slug: string;
  /** `true` when a file with identical content exists under `slug`: skip the write. */
  unchanged: boolean;
}

/**
 * The file rule (docs/model.md, "Identity and versions"): walk `slug`, `slug-v2`, … — identical content found → unchanged; the
 * first free name → write there. `existing` maps taken slugs to their content hashes.
 */
export function planTemplateFile(slug: string, hash: string, existing: ReadonlyMap<string, string>): TemplateFilePlan {
  for (let v = 1; ; v++) {
    const candidate = v === 1 ? slug : `${slug}-v${v}`;
    const found = existing.get(candidate);
    if (found === undefined) return { slug: candidate, unchanged: false };
    if (found === hash) return { slug: candidate, unchanged: true };
  }
}
