#!/usr/bin/env node
/**
 * The `wf` command. Runs the CommonJS bundles scripts/build-cli.mjs writes at install, with a V8 code cache;
 * when a source is newer than the bundles it rebuilds them first (about a second, once), and when they cannot
 * be built it runs the TypeScript sources through tsx. WF_CLI=source forces the sources, WF_CLI=bundle the
 * current bundles as they are (the differential test compares the two). CommonJS itself: an ES module entry
 * starts Node's ES module loader, ~15-30 ms of every start (measured).
 */
const path = require("node:path");
const { pathToFileURL } = require("node:url");
const { currentCliEntry, freshCliEntry } = require("./cli-manifest.cjs");

const root = path.resolve(__dirname, "..");
process.env.WF_APP_ROOT ??= root;

async function bundleEntry() {
  const mode = process.env.WF_CLI;
  if (mode === "source") return undefined;
  if (mode === "bundle") {
    const entry = currentCliEntry(root);
    if (!entry) throw new Error("WF_CLI=bundle but there is no CLI bundle (run: node scripts/build-cli.mjs)");
    return entry;
  }
  const fresh = freshCliEntry(root, process.argv[2]);
  if (fresh) return fresh;
  try {
    return await (await import("./build-cli.mjs")).buildCli(root);
  } catch {
    // No esbuild, a read-only install or a source that does not compile: tsx reports what is wrong, if anything.
    return undefined;
  }
}

/**
 * Lines whose work is over when main() resolves (nothing of theirs runs on in the background). When nothing
 * is pending either (cli-io writes each line synchronously), the process exits there instead of waiting for
 * Node to free its heap: ~5 ms of a `wf validate` (measured). Other lines end the usual way.
 */
const DONE_WHEN_MAIN_RESOLVES = new Set(["validate", "convert", "--help", "-h", "help", undefined]);

function exitIfDone() {
  if (DONE_WHEN_MAIN_RESOLVES.has(process.argv[2]) && process.getActiveResourcesInfo().length === 0) process.exit();
}

async function run() {
  const entry = await bundleEntry();
  if (entry) {
    const { requireWithCodeCache, saveCodeCaches } = require("./require-with-code-cache.cjs");
    const { main } = requireWithCodeCache(entry, path.dirname(entry));
    process.exitCode = await main(process.argv);
    saveCodeCaches();
    exitIfDone();
    return;
  }
  const { register } = await import("tsx/esm/api");
  register({ tsconfig: path.join(root, "tsconfig.json") });
  const { main } = await import(pathToFileURL(path.join(root, "server/cli/main.ts")).href);
  process.exitCode = await main(process.argv);
}

run().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
