/**
 * Workflow nodes' children from the library: `template` is a library id (`tpl_…`) or a `template_id`,
 * `version` a library version number (latest when absent). A deleted or missing template, or a version that
 * is not a whole number the library has, is no child (the run is refused with RUN042).
 */
import type { Db } from "@/server/db/open-database";
import { getTemplate, TemplateStoreError } from "@/server/db/template-store";
import type { ChildTemplate, ChildTemplateSource } from "./child-templates";

function libraryVersion(version: string | number | undefined): number | undefined | null {
  if (version === undefined || version === "") return undefined;
  const n = typeof version === "number" ? version : Number(version.trim());
  return Number.isInteger(n) && n >= 1 ? n : null;
}

export function libraryChildTemplates(db: Db): ChildTemplateSource {
  return {
    resolve(ref, version): ChildTemplate | undefined {
      const wanted = libraryVersion(version);
      if (wanted === null) return undefined;
      try {
        const found = getTemplate(db, ref, wanted);
        return { template: found.template, templatePk: found.id, templateVersion: found.version };
      } catch (err) {
        if (err instanceof TemplateStoreError) return undefined;
        throw err;
      }
    },
  };
}
