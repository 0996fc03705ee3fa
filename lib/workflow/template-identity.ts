/**
 * Template identity (wf-composer Phase 5.2): the kebab-case slug, `wft-<slug>-<YYYYMMDD>`, a
 * content hash over canonical JSON (saving identical content is a no-op), and the `-v2`, `-v3`
 * file-name rule for changed content under a taken slug.
 */
import { sha256Hex } from "./sha256";

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

/**
 * JSON with object keys sorted at every level and `undefined` members dropped, so equal
 * content always gives equal text. Arrays keep their order (node and edge order is content).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") {
    const text = JSON.stringify(value);
    return text === undefined ? "null" : text;
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && typeof v !== "function")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/** Top-level fields that describe a save, not the content: ignored by `contentHash`. */
export const VOLATILE_TEMPLATE_FIELDS = ["created_at", "updated_at", "version"] as const;

/** `sha256:<hex>` of the template's canonical JSON without its volatile fields. */
export function contentHash(template: Record<string, unknown>): string {
  const content = { ...template };
  for (const field of VOLATILE_TEMPLATE_FIELDS) delete content[field];
  return `sha256:${sha256Hex(canonicalJson(content))}`;
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
 * The seed's file rule: walk `slug`, `slug-v2`, … — identical content found → unchanged; the
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
