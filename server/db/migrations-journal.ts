/** drizzle-kit's journal of a migrations folder (`meta/_journal.json`): the newest migration's tag. */
import fs from "node:fs";
import path from "node:path";

/** e.g. `0012_sub_workflow_runs`; undefined when the folder has no journal or an empty one. */
export function latestMigrationTag(migrationsFolder: string): string | undefined {
  try {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
      entries?: { tag: string }[];
    };
    return journal.entries?.at(-1)?.tag;
  } catch {
    return undefined;
  }
}
