/**
 * The built CLI (scripts/build-cli.mjs) against the TypeScript sources (tsx): the same exit code, stdout and
 * stderr for every subcommand on every fixture in server/cli/fixtures and on generated large files; `run`
 * compares its --json object (run ids aside) and exit code, since parallel nodes may log in either order.
 * Most cases run in one process per side (run-cli-cases.mjs); a few go through the real `wf` bin both ways.
 */
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const FIXTURES = path.join(__dirname, "fixtures");
let dir: string;

interface Outcome {
  args: string[];
  code: number;
  stdout: string;
  stderr: string;
}

/** Run ids and temporary folders differ between any two runs. */
function normalize(text: string): string {
  return text.replace(/run_[A-Za-z0-9_-]{12}/g, "run_<id>").replace(/wf-run-[A-Za-z0-9]+/g, "wf-run-<tmp>");
}

/** `layers` × `width` shell nodes, each depending on two nodes of the layer before (a layered DAG). */
function layeredTemplate(layers: number, width: number, command: string) {
  const nodes = [];
  const edges = [];
  for (let l = 0; l < layers; l++)
    for (let i = 0; i < width; i++) {
      nodes.push({ id: `n${l}_${i}`, name: `step ${l}.${i}`, type: "shell", args_template: command });
      if (l > 0) {
        edges.push({ from: `n${l - 1}_${i}`, to: `n${l}_${i}` });
        if (width > 1) edges.push({ from: `n${l - 1}_${(i + 1) % width}`, to: `n${l}_${i}` });
      }
    }
  return { template_id: `wft-layered-${layers}x${width}-20260101`, name: "generated", nodes, edges };
}

function runCases(side: "source" | "bundle", cases: string[][]): Promise<Outcome[]> {
  const casesFile = path.join(dir, `cases-${side}.json`);
  const resultsFile = path.join(dir, `results-${side}.json`);
  fs.writeFileSync(casesFile, JSON.stringify(cases));
  const env = { ...process.env, WF_DATA_DIR: path.join(dir, "data"), WF_CATALOG: path.join(dir, "no-catalog.yaml") };
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [path.join(__dirname, "test-support", "run-cli-cases.mjs"), side, casesFile, resultsFile],
      { cwd: dir, env, maxBuffer: 64 << 20 },
      (err, _stdout, stderr) =>
        err ? reject(new Error(`${side}: ${stderr}`)) : resolve(JSON.parse(fs.readFileSync(resultsFile, "utf8"))),
    ),
  );
}

function wfBin(mode: "source" | "bundle", args: string[]): Promise<Omit<Outcome, "args">> {
  const env = { ...process.env, WF_CLI: mode, WF_DATA_DIR: path.join(dir, "data") };
  return new Promise((resolve) =>
    execFile(process.execPath, [path.join(ROOT, "scripts/wf.cjs"), ...args], { cwd: dir, env }, (err, stdout, stderr) =>
      resolve({ code: err ? Number(err.code) : 0, stdout: normalize(stdout), stderr }),
    ),
  );
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-differential-"));
  fs.writeFileSync(path.join(dir, "chain.json"), JSON.stringify(layeredTemplate(300, 1, "true")));
  fs.writeFileSync(path.join(dir, "layered.json"), JSON.stringify(layeredTemplate(40, 50, "true")));
  fs.writeFileSync(path.join(dir, "small-run.json"), JSON.stringify(layeredTemplate(4, 3, "echo {who}")));
  fs.writeFileSync(path.join(dir, "notes.txt"), "hello");
  fs.writeFileSync(path.join(dir, "not-json.json"), '{ "name": "x", }');
  execFileSync(process.execPath, [path.join(ROOT, "scripts/build-cli.mjs")], { cwd: ROOT, stdio: "pipe" });
}, 0); // no time limit: the build takes seconds on a busy machine
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Every subcommand (but serve, which starts Next) on every fixture, plus usage errors and describe. */
function allCases(): string[][] {
  const files = [
    ...fs
      .readdirSync(FIXTURES)
      .filter((f) => fs.statSync(path.join(FIXTURES, f)).isFile())
      .map((f) => path.join(FIXTURES, f)),
    path.join(dir, "chain.json"),
    path.join(dir, "layered.json"),
    path.join(dir, "not-json.json"),
  ];
  const cases: string[][] = [];
  for (const f of files) {
    cases.push(["validate", f], ["validate", f, "--json"]);
    for (const to of ["json", "mermaid", "yaml", "ascii"]) cases.push(["convert", f, "--to", to]);
    cases.push(["convert", f, "--to", "json", "--inject-checkpoints"]);
    // The generated files are too large to run as shell nodes here; run-cases below cover the engine.
    if (f.startsWith(FIXTURES) && f.endsWith(".json")) cases.push(["run", f, "--json"]);
  }
  const small = path.join(dir, "small-run.json");
  const waits = path.join(FIXTURES, "waits-for-person.json");
  cases.push(
    ["--help"],
    ["validate", "--help"],
    ["run", "--help"],
    ["serve", "--help"],
    ["migrate", "--help"],
    ["frobnicate"],
    ["validate", path.join(dir, "missing.json")],
    ["validate", path.join(dir, "notes.txt"), "--json"],
    ["convert", path.join(FIXTURES, "cycle.json"), "--to", "pdf"],
    ["run", small, "--json", "--var", "who=it's $(me)"],
    ["run", small, "--json", "--var", "novalue"],
    ["run", waits, "--json", "--approve", "all"],
    ["run", waits, "--json", "--answer", "N-002=reject"],
    ["run", waits, "--approve", "some"],
    ["run", "wft-not-saved-anywhere", "--json"],
    ["describe", "fetch the repo, then run the tests and write a report", "--no-agent"],
    ["describe", "analyze {repo} and wait for my approval before deploying", "--no-agent", "--json"],
    ["describe", "   ", "--no-agent"],
  );
  return cases;
}

describe("the built CLI behaves exactly like the sources", () => {
  it("same exit code, stdout and stderr on every fixture and subcommand (run: its --json object)", async () => {
    const cases = allCases();
    const [source, bundle] = await Promise.all([runCases("source", cases), runCases("bundle", cases)]);
    expect(bundle).toHaveLength(cases.length);
    for (let i = 0; i < cases.length; i++) {
      const isRun = cases[i][0] === "run" && !cases[i].includes("--help");
      const view = (o: Outcome) => ({
        args: o.args.join(" "),
        code: o.code,
        stdout: normalize(o.stdout),
        ...(isRun ? {} : { stderr: normalize(o.stderr) }),
      });
      expect(view(bundle[i])).toEqual(view(source[i]));
    }
    // The cases reach every exit code of docs/cli.md.
    expect(new Set(source.map((o) => o.code))).toEqual(new Set([0, 1, 2, 3]));
  }, 0);

  it("the real bin: WF_CLI=bundle and WF_CLI=source print the same", async () => {
    const cases = [
      ["--help"],
      ["validate", path.join(FIXTURES, "seed-full-template.json"), "--json"],
      ["run", path.join(FIXTURES, "shell-run.json"), "--json"],
      ["validate", path.join(dir, "missing.json")],
    ];
    for (const args of cases) {
      const [source, bundle] = await Promise.all([wfBin("source", args), wfBin("bundle", args)]);
      // stderr only where no nodes run in parallel (their progress lines may come in either order).
      const view = (o: Omit<Outcome, "args">) => ({
        args,
        code: o.code,
        stdout: o.stdout,
        ...(args[0] === "run" ? {} : { stderr: o.stderr }),
      });
      expect(view(bundle)).toEqual(view(source));
    }
  }, 0);
});
