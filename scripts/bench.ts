/**
 * `npm run bench [name…]`: runs every scripts/bench/<name>.bench.ts (or the named ones) in turn.
 * Each default-exports an async function that prints its figures (medians, ratios).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "bench");
const wanted = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace(/\.bench\.ts$/, "")))
  .sort();

for (const file of files) {
  console.log(`\n## ${file.replace(/\.bench\.ts$/, "")}`);
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default: () => Promise<void> };
  await mod.default();
}
