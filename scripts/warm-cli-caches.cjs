#!/usr/bin/env node
/**
 * Writes a fresh CLI build's V8 code caches from one run of its common paths (help, validate, convert,
 * describe, a run with shell nodes), before the build becomes current. A cache is written once, by the first
 * process that loads a bundle, so it must come from a run that compiled what later runs need (a first
 * `wf validate` of a template without shell nodes would leave the shell parser out for good).
 *   node scripts/warm-cli-caches.cjs <build folder>
 */
const path = require("node:path");
const { requireWithCodeCache, saveCodeCaches } = require("./require-with-code-cache.cjs");

const dir = path.resolve(process.argv[2]);
const fixtures = path.join(__dirname, "..", "server", "cli", "fixtures");
const fixture = (name) => path.join(fixtures, name);
const COMMANDS = [
  ["--help"],
  ["validate", fixture("seed-full-template.json"), "--json"],
  ["validate", fixture("shell-run.json")],
  // A line with `if`: the shell parser (plain lines are planned without it).
  ["validate", fixture("shell-expansions.json")],
  ["validate", fixture("release-flow.mmd")],
  ["validate", fixture("review-playbook.yml")],
  ["convert", fixture("seed-full-template.json"), "--to", "ascii"],
  ["convert", fixture("release-flow.mmd"), "--to", "yaml"],
  ["describe", "fetch the repo, then run the tests and write a report", "--no-agent"],
  ["run", fixture("shell-run.json"), "--json"],
  ["run", fixture("shell-expansions.json"), "--json"],
];

async function warm() {
  const { main } = requireWithCodeCache(path.join(dir, "main.cjs"), dir);
  const quiet = { out: () => {}, err: () => {} };
  for (const args of COMMANDS) await main(["node", "wf", ...args], quiet);
  saveCodeCaches();
}

warm().catch((err) => {
  console.error(`wf: warming the code caches failed: ${err instanceof Error ? err.message : err}`);
  process.exitCode = 1;
});
