/**
 * `dist/cli/manifest.json`: which CLI build is current, when it started and which source files went into it.
 * Read on every `wf` start (CommonJS, like the bin, so no ES module loader starts for it); written by
 * scripts/build-cli.mjs through a rename, so a reader sees the old manifest or the new one, never half.
 */
const fs = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");

function manifestPath(root = ROOT) {
  return path.join(root, "dist", "cli", "manifest.json");
}

function readManifest(root) {
  try {
    return JSON.parse(fs.readFileSync(manifestPath(root), "utf8"));
  } catch {
    return undefined;
  }
}

function bundledEntry(root, manifest) {
  const entry = path.join(root, "dist", "cli", manifest.build, "main.cjs");
  return fs.existsSync(entry) ? entry : undefined;
}

/**
 * The current build's entry file when no input `wf <command> …` can load is newer than the build, else
 * undefined. Without a command (or an unknown one) the inputs of a line naming no subcommand; a manifest
 * without per-command lists (older builds) checks all. ~90 stats for `wf validate`, ~2.5 ms here.
 */
function freshCliEntry(root = ROOT, command = "") {
  const manifest = readManifest(root);
  if (!manifest) return undefined;
  const { commands } = manifest;
  const inputs = !commands ? manifest.inputs : Object.hasOwn(commands, command) ? commands[command] : commands[""];
  for (const input of inputs) {
    const stat = fs.statSync(path.join(root, input), { throwIfNoEntry: false });
    if (!stat || stat.mtimeMs > manifest.startedAt) return undefined;
  }
  return bundledEntry(root, manifest);
}

/** The current build's entry file, fresh or not (undefined when there is none). */
function currentCliEntry(root = ROOT) {
  const manifest = readManifest(root);
  return manifest && bundledEntry(root, manifest);
}

/** Points the manifest at `build`; `startedAt` is when the build began, so edits made during it count as newer. */
function writeManifest(root, manifest) {
  const file = manifestPath(root);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(manifest, null, 1));
  fs.renameSync(tmp, file);
}

module.exports = { manifestPath, freshCliEntry, currentCliEntry, writeManifest };
