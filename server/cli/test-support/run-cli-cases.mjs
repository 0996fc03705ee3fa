#!/usr/bin/env node
/**
 * Test driver for the differential test: runs many `wf` command lines in one process, from the sources
 * (through tsx, as `WF_CLI=source`) or from the built bundle, and writes each one's exit code, stdout and
 * stderr as JSON. One process per side keeps ~80 cases at a few seconds instead of a tsx start each.
 *   node server/cli/test-support/run-cli-cases.mjs source|bundle <cases.json> <results.json>
 * cases.json: [["validate", "x.json", "--json"], …]
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { currentCliEntry } from "../../../scripts/cli-manifest.cjs";
import { requireWithCodeCache } from "../../../scripts/require-with-code-cache.cjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const [side, casesFile, resultsFile] = process.argv.slice(2);
process.env.WF_APP_ROOT ??= root;

async function loadMain() {
  if (side === "bundle") {
    const entry = currentCliEntry(root);
    if (!entry) throw new Error("no CLI bundle: run node scripts/build-cli.mjs");
    return requireWithCodeCache(entry, path.dirname(entry)).main;
  }
  const { register } = await import("tsx/esm/api");
  register({ tsconfig: path.join(root, "tsconfig.json") });
  return (await import(pathToFileURL(path.join(root, "server/cli/main.ts")).href)).main;
}

const main = await loadMain();
const results = [];
for (const args of JSON.parse(fs.readFileSync(casesFile, "utf8"))) {
  const stdout = [];
  const stderr = [];
  const io = { out: (t) => stdout.push(t), err: (t) => stderr.push(t) };
  const code = await main(["node", "wf", ...args], io);
  results.push({ args, code, stdout: stdout.join("\n"), stderr: stderr.join("\n") });
}
fs.writeFileSync(resultsFile, JSON.stringify(results));
