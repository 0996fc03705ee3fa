/**
 * Workflow nodes' children, resolved before a start (decision 052). The library is asynchronous, the engine's
 * `ChildTemplateSource` synchronous: so before a run starts (run.start, a trigger's fire, compose checks, the
 * CLI) every template it calls is read — the nodes' `template` / `version`, then their children's, each
 * reference once — into an in-memory source handed to the engine for that start. Its children come with their
 * own children pinned, MAX_CHILD_DEPTH + 1 levels deep, so a child run started later needs no lookup.
 *
 * From the library, `template` is a library id (`tpl_…`) or a `template_id`, `version` a library version
 * number (latest when absent). A deleted or missing template, or a version that is not a whole number the
 * library has, is no child (the run is refused with RUN042).
 */
import { isRecord } from "@/lib/workflow/validate/model-view";
import { TemplateStoreError } from "@/server/db/template-store";
import type { TemplateLibrary } from "@/server/db/template-library";
import { MAX_CHILD_DEPTH } from "./child-runs";
import { pinChildTemplates, type ChildTemplate, type ChildTemplateSource } from "./child-templates";

type From = { file?: string };

/** The child a workflow node names, read now; undefined when there is none, a throw the reason RUN042 shows. */
export type ResolveChild = (
  ref: string,
  version: string | number | undefined,
  from: From,
) => Promise<ChildTemplate | undefined>;

function libraryVersion(version: string | number | undefined): number | undefined | null {
  if (version === undefined || version === "") return undefined;
  const n = typeof version === "number" ? version : Number(version.trim());
  return Number.isInteger(n) && n >= 1 ? n : null;
}

/** Children from the library. */
export function libraryChildResolver(library: TemplateLibrary): ResolveChild {
  return async (ref, version) => {
    const wanted = libraryVersion(version);
    if (wanted === null) return undefined;
    try {
      const found = await library.get(ref, wanted);
      return { template: found.template, templatePk: found.id, templateVersion: found.version };
    } catch (err) {
      if (err instanceof TemplateStoreError) return undefined;
      throw err;
    }
  };
}

interface Call {
  ref: string;
  version: string | number | undefined;
}

/** The calls of a template, parsed or not (compose validates drafts): workflow nodes naming a template. */
function callsOf(template: unknown): Call[] {
  const nodes = isRecord(template) && Array.isArray(template.nodes) ? template.nodes : [];
  return nodes.flatMap((n) => {
    if (!isRecord(n) || n.type !== "workflow" || typeof n.template !== "string" || n.template.trim() === "") return [];
    const v = n.version;
    return [{ ref: n.template, version: typeof v === "number" || (typeof v === "string" && v !== "") ? v : undefined }];
  });
}

/** One key per reference: the validator asks for nested ones with the top's `from` (file calls are absolute). */
const keyOf = (ref: string, version: string | number | undefined) => JSON.stringify([ref, version ?? null]);

type Resolved = { child?: ChildTemplate; error?: unknown };

/**
 * Every template `template` calls, directly or not, read through `resolve` — each reference once, so a cycle
 * ends the walk (the validator refuses it, WF109) — as a synchronous source. The validator walks the whole call
 * graph, so the walk does too; only the pinning stops at the depth a child run may reach.
 */
export async function resolveChildTemplates(
  template: unknown,
  resolve: ResolveChild,
  from: From = {},
): Promise<ChildTemplateSource> {
  const found = new Map<string, Resolved>();
  let level: { template: unknown; from: From }[] = [{ template, from }];
  while (level.length) {
    const asked: { key: string; call: Call; from: From }[] = [];
    for (const t of level)
      for (const call of callsOf(t.template)) {
        const key = keyOf(call.ref, call.version);
        if (found.has(key)) continue;
        found.set(key, {});
        asked.push({ key, call, from: t.from });
      }
    const answers = await Promise.all(
      asked.map(({ call, from }) =>
        resolve(call.ref, call.version, from).then(
          (child): Resolved => ({ child }),
          (error: unknown): Resolved => ({ error: error ?? new Error("no reason given") }),
        ),
      ),
    );
    asked.forEach((a, k) => found.set(a.key, answers[k]));
    level = answers.flatMap((a) => (a.child ? [{ template: a.child.template, from: { file: a.child.file } }] : []));
  }
  return pinnedSource(found);
}

/** Levels of children pinned under a start's template: a child run nested deeper fails (RUN043) before it starts. */
const PINNED_LEVELS = MAX_CHILD_DEPTH + 1;

/** The source of a start: children pinned with their own children (one object per child and depth). */
function pinnedSource(found: Map<string, Resolved>): ChildTemplateSource {
  const pinned = new Map<ChildTemplate, Map<number, ChildTemplate>>();
  const pinnedAt = (child: ChildTemplate, depth: number): ChildTemplate => {
    let byDepth = pinned.get(child);
    if (!byDepth) pinned.set(child, (byDepth = new Map()));
    let out = byDepth.get(depth);
    if (!out) {
      const { template } = pinChildTemplates(child.template, sourceAt(depth + 1), { file: child.file });
      out = template === child.template ? child : { ...child, template };
      byDepth.set(depth, out);
    }
    return out;
  };
  const sourceAt = (depth: number): ChildTemplateSource | undefined =>
    depth > PINNED_LEVELS
      ? undefined
      : {
          resolve(ref, version) {
            const r = found.get(keyOf(ref, version));
            if (r?.error !== undefined) throw r.error;
            return r?.child && pinnedAt(r.child, depth);
          },
        };
  return sourceAt(1)!;
}

export interface LibraryChildTemplates {
  /** The engine's `childTemplates`: the children resolved for the start in progress (`startWith`), none outside. */
  readonly source: ChildTemplateSource;
  /** Every template `template` calls, read now from the library, as a synchronous source (compose's checks). */
  resolve(template: unknown): Promise<ChildTemplateSource>;
  /**
   * Reads the children `template` calls, then runs `start` — an engine start, which pins them synchronously
   * before it returns — with them as the engine's source.
   */
  startWith<T>(template: unknown, start: () => T): Promise<T>;
}

export function libraryChildTemplates(library: TemplateLibrary): LibraryChildTemplates {
  const resolveChild = libraryChildResolver(library);
  let current: ChildTemplateSource | undefined;
  return {
    source: { resolve: (ref, version, from) => current?.resolve(ref, version, from) },
    resolve: (template) => resolveChildTemplates(template, resolveChild),
    async startWith(template, start) {
      const children = await resolveChildTemplates(template, resolveChild);
      current = children;
      try {
        return start();
      } finally {
        current = undefined;
      }
    },
  };
}
