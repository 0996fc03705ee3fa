#!/usr/bin/env node
/**
 * The `wf` command. Runs the CommonJS bundles scripts/build-cli.mjs writes at install, with a V8 code cache;
 * when a source is newer than the bundles it rebuilds them first (under a second, once), and when they cannot
 * be built it runs the TypeScript sources through tsx. WF_CLI=source forces the sources, WF_CLI=bundle the
 * current bundles as they are (the differential test compares the two).
 */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildCli, currentCliEntry, freshCliEntry } from "./build-cli.mjs";
import { requireWithCodeCache, saveCodeCaches } from "./require-with-code-cache.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.env.WF_APP_ROOT ??= root;

async function bundleEntry() {
  const mode = process.env.WF_CLI;
  if (mode === "source") return undefined;
  if (mode === "bundle") {
    const entry = currentCliEntry(root);
    if (!entry) throw new Error("WF_CLI=bundle but there is no CLI bundle (run: node scripts/build-cli.mjs)");
    return entry;
  }
  try {
    return freshCliEntry(root) ?? (await buildCli(root));
  } catch {
    // No esbuild, a read-only install or a source that does not compile: tsx reports what is wrong, if anything.
    return undefined;
  }
}

async function loadMain(entry) {
  if (entry) return requireWithCodeCache(entry, path.dirname(entry)).main;
  const { register } = await import("tsx/esm/api");
  register({ tsconfig: path.join(root, "tsconfig.json") });
  return (await import(pathToFileURL(path.join(root, "server/cli/main.ts")).href)).main;
}

const main = await loadMain(await bundleEntry());
process.exitCode = await main(process.argv);
saveCodeCaches();
