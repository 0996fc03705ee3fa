/**
 * Describe speed (rules only), `npm run bench describe`:
 * 1. in-process medians of `describeWorkflow` (parse + resolve + checkpoint injection + validation)
 *    for a sentence, the 12-step list, a 200-step generated description, 2,000 characters and 50 KB
 *    of real-world prose (lib/describe/real-world-descriptions.json);
 * 2. the first call in a fresh process (nothing warmed up), 2,000 characters, CPU time;
 * 3. the CLI as a user meets it: `wf describe --json` of 2,000 characters against `wf --help` and
 *    against `wf describe` of one short sentence (the command's own start-up), run alternately,
 *    medians of 15 runs and of the 15 paired differences (wall and CPU). The goal (issue #27): 2,000
 *    characters < 50 ms of CPU beyond start-up, i.e. long − one sentence, printed last with its ratio.
 *    CPU is the process's own user + system time (all threads, JIT included) read at its exit with
 *    `process.cpuUsage()` through a `--require`d hook: GNU time's figure comes in 10 ms steps.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describeWorkflow } from "@/lib/describe/describe-workflow";
import { parseIntent } from "@/lib/describe/parse-intent";
import TABLE from "@/lib/describe/real-world-descriptions.json";
import { fmt, median, medianMs } from "./measure";
import { measureProcess } from "./measure-process";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const WF = path.join(ROOT, "scripts/wf.cjs");
const SENTENCE = "plan the feature, then implement it and write docs in parallel, run the tests, pause so I can review";
const TWELVE = [
  "Analyze the codebase",
  "Write a plan",
  "Implement the plan",
  "Run the tests",
  "Review the changes",
  "Update the docs",
  "Run lint",
  "Build the project",
  "Deploy to staging",
  "Run smoke tests",
  "Let me approve the release",
  "Deploy to production",
]
  .map((s, i) => `${i + 1}. ${s}`)
  .join("\n");
const VERBS = [
  "analyze the logs",
  "write a plan",
  "implement it",
  "run the tests",
  "review the changes",
  "update the docs",
];
const LONG = Array.from({ length: 200 }, (_, i) =>
  i % 10 === 5 ? `${VERBS[i % 6]} and ${VERBS[(i + 1) % 6]} in parallel` : VERBS[i % 6],
).join(", then ");
/** The table's one-line descriptions, repeated and cut at a sentence end near `chars`. */
function prose(chars: number): string {
  const all = TABLE.filter((c) => !c.text.includes("\n"))
    .map((c) => c.text.replace(/`/g, ""))
    .join(" ");
  const text = all.repeat(Math.ceil(chars / all.length) + 1).slice(0, chars);
  return text.slice(0, text.lastIndexOf(".") + 1);
}
const PROSE_2K = prose(2000);
const PROSE_50K = prose(51_200);
/** Runs of each CLI line; the goal of issue #27 (CPU of 2,000 characters beyond the command's start-up). */
const CLI_RUNS = 15;
const GOAL_MS = 50;
/** Preloaded into each CLI process: writes its CPU ms (user + system, all threads) to WF_BENCH_CPU_FILE at exit. */
const CPU_AT_EXIT = [
  'const { writeFileSync } = require("node:fs");',
  'process.on("exit", () => { const u = process.cpuUsage(); writeFileSync(process.env.WF_BENCH_CPU_FILE, String((u.user + u.system) / 1000)); });',
].join("\n");

/** CPU ms of the first `describeWorkflow` call in a fresh process (the CLI's situation). */
function firstCallCpu(text: string): number {
  const script = [
    `import { describeWorkflow } from "${path.join(ROOT, "lib/describe/describe-workflow.ts")}";`,
    `const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };`,
    `const t0 = cpu(); describeWorkflow(${JSON.stringify(text)}); console.log(cpu() - t0);`,
  ].join("\n");
  const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: ROOT,
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return Number(r.stdout.trim());
}

export default async function bench(): Promise<void> {
  const now = new Date("2026-11-29T00:00:00Z");
  console.log(
    `load average: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")} (${cpus().length} cores)`,
  );
  for (const [label, text, runs] of [
    ["sentence (5 steps)", SENTENCE, 15],
    ["12-step list", TWELVE, 15],
    ["200-step prose", LONG, 9],
    [`${PROSE_2K.length} chars of prose`, PROSE_2K, 15],
    [`${(PROSE_50K.length / 1024).toFixed(0)} KB of prose`, PROSE_50K, 5],
  ] as const) {
    const parse = await medianMs(() => parseIntent(text, { now }), runs, 2);
    const full = await medianMs(() => describeWorkflow(text, { now }), runs, 2);
    const r = describeWorkflow(text, { now });
    const nodes = r.ok ? r.template.nodes.length : 0;
    console.log(
      `${label.padEnd(22)} parse ${fmt(parse).padStart(9)}   describe ${fmt(full).padStart(9)}   (${nodes} nodes)`,
    );
  }

  const first = median([0, 1, 2, 3, 4].map(() => firstCallCpu(PROSE_2K)));
  console.log(
    `\nfirst describeWorkflow call in a fresh process, ${PROSE_2K.length} chars: ${fmt(first)} CPU (median of 5)`,
  );

  const env: NodeJS.ProcessEnv = { ...process.env, WF_CLI: "bundle" };
  for (const name of ["WF_AGENT_CMD", "WF_OPENAI_BASE_URL", "WF_PROVIDERS_FILE", "WF_CATALOG"]) delete env[name];
  const lines = {
    help: [WF, "--help"],
    short: [WF, "describe", "--no-agent", "--json", "--", "run the tests"],
    long: [WF, "describe", "--no-agent", "--json", "--", PROSE_2K],
  };
  const hook = path.join(tmpdir(), `wf-bench-cpu-${process.pid}.cjs`);
  const cpuFile = `${hook}.out`;
  fs.writeFileSync(hook, CPU_AT_EXIT);
  env.WF_BENCH_CPU_FILE = cpuFile;
  const run = (args: string[]) => {
    const f = measureProcess(["--require", hook, ...args], env);
    return [f.wallMs, Number(fs.readFileSync(cpuFile, "utf8"))];
  };
  run(lines.long); // warm-up: file cache, code cache
  const rows = { help: [] as number[][], short: [] as number[][], long: [] as number[][] };
  for (let i = 0; i < CLI_RUNS; i++)
    for (const key of ["help", "short", "long"] as const) rows[key].push(run(lines[key]));
  fs.rmSync(hook, { force: true });
  fs.rmSync(cpuFile, { force: true });
  const med = (k: keyof typeof rows, j: number) => median(rows[k].map((r) => r[j]));
  const paired = (a: keyof typeof rows, b: keyof typeof rows, j: number) =>
    median(rows[a].map((r, i) => r[j] - rows[b][i][j]));
  const row = (label: string, wall: number, cpu: number) =>
    console.log(`${label.padEnd(44)} ${fmt(wall).padStart(9)}  ${fmt(cpu).padStart(9)}`);
  console.log(`\nCLI (bundle, median of ${CLI_RUNS}, run alternately)`.padEnd(46) + "     wall        cpu");
  row("wf --help", med("help", 0), med("help", 1));
  row(`wf describe --json "run the tests"`, med("short", 0), med("short", 1));
  row(`wf describe --json <${PROSE_2K.length} chars>`, med("long", 0), med("long", 1));
  row(`  ${PROSE_2K.length} chars − --help (paired)`, paired("long", "help", 0), paired("long", "help", 1));
  const beyond = paired("long", "short", 1);
  row(`  beyond start-up: long − short (paired)`, paired("long", "short", 0), beyond);
  console.log(
    `\n${PROSE_2K.length} chars beyond start-up: ${fmt(beyond)} CPU (goal < ${fmt(GOAL_MS)}: ${(beyond / GOAL_MS).toFixed(2)}× the goal); ` +
      `long / short ${(med("long", 1) / med("short", 1)).toFixed(2)}× CPU`,
  );
}
