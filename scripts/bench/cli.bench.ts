/**
 * `npm run bench:cli`: the `wf` command as a user meets it, whole process (median of 5 after one warm-up,
 * wall time and peak RSS): start-up, validate (small and 10,000 nodes), runs of 1 / 200 / 1,000 / 10,000
 * no-op nodes (checkpoints: chain and layered DAG, per-node cost at 10,000 vs 100) and of 1 / 20 `true`
 * shell nodes. Per-node cost of a no-op run = (its wall − the 1-node run's wall) / (nodes − 1), the two run
 * alternately and the difference taken per pair, so the start-up (most of a 100-node run) cancels out; the
 * same from CPU time, steadier on a busy machine. Start-up cases also run from the sources through tsx
 * (WF_CLI=source) for the before/after.
 */
import fs from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { median } from "./measure";
import { measureProcess } from "./measure-process";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const WF = path.join(ROOT, "scripts/wf.cjs");
const RUNS = 5;

type Node = Record<string, unknown> & { id: string };

/** `count` nodes in layers of `width`; each depends on two nodes of the layer before (width 1: a chain). */
function layered(count: number, width: number, node: (id: string) => Node) {
  const nodes: Node[] = [];
  const edges: { from: string; to: string }[] = [];
  for (let i = 0; i < count; i++) {
    const [l, k] = [Math.floor(i / width), i % width];
    nodes.push(node(`n${l}_${k}`));
    if (l === 0) continue;
    edges.push({ from: `n${l - 1}_${k}`, to: `n${l}_${k}` });
    if (width > 1) edges.push({ from: `n${l - 1}_${(k + 1) % width}`, to: `n${l}_${k}` });
  }
  // Checkpoints are listed in checkpoints[], as injectCheckpoints would, so validation stays quiet (WF082).
  const checkpoints = nodes.filter((n) => n.type === "checkpoint").map((n) => n.id);
  return { template_id: `wft-bench-${count}-${width}-20260101`, name: "bench", nodes, edges, checkpoints };
}

const noop = (id: string): Node => ({ id, name: id, type: "checkpoint", auto_continue: true });
const shell = (id: string): Node => ({ id, name: id, type: "shell", args_template: "true" });

interface Case {
  name: string;
  args: string[];
  /** Nodes run, for the per-node column. */
  nodes?: number;
  env?: NodeJS.ProcessEnv;
  /** Also measure from the sources through tsx. */
  fromSource?: boolean;
  /** A start-up case: also its cost over `node -e 0`, run alternately with it (paired differences). */
  overFloor?: boolean;
  expectCode?: number;
  /** The program started (default: this Node, with `args`). */
  program?: string;
}

/** Median wall and peak RSS of `c`; with `base`, also the median of paired differences (c − base), run alternately. */
function measure(c: Case, mode: "bundle" | "source", base?: Case) {
  const env = { ...process.env, WF_CLI: mode, ...c.env };
  const once = (k: Case) => measureProcess(k.args, { ...env, ...k.env }, k.expectCode, k.program);
  once(c); // warm-up: file cache, code cache
  const runs = [];
  const diffs = [];
  const cpuDiffs = [];
  for (let i = 0; i < RUNS; i++) {
    const b = base && once(base);
    const r = once(c);
    runs.push(r);
    if (b) diffs.push(r.wallMs - b.wallMs);
    if (b) cpuDiffs.push(r.cpuMs - b.cpuMs);
  }
  return {
    wall: median(runs.map((r) => r.wallMs)),
    rss: median(runs.map((r) => r.peakRssMb)),
    cpu: median(runs.map((r) => r.cpuMs)),
    overBase: base ? median(diffs) : NaN,
    cpuOverBase: base ? median(cpuDiffs) : NaN,
  };
}

const ms = (v: number) => (v < 10 ? v.toFixed(2) : v.toFixed(0)).padStart(7) + " ms";

export default async function bench(): Promise<void> {
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(", ");
  console.log(`load average: ${load()} (${cpus().length} cores)`);
  const dir = fs.mkdtempSync(path.join(tmpdir(), "wf-bench-cli-"));
  const write = (name: string, template: unknown) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, JSON.stringify(template));
    return file;
  };
  const fixture = (name: string) => path.join(ROOT, "server/cli/fixtures", name);
  const small = fixture("seed-full-template.json");
  const big = write("validate-10k.json", layered(10_000, 100, shell));
  const chain = (n: number) => write(`chain-${n}.json`, layered(n, 1, noop));
  const cases: Case[] = [
    { name: "node -e 0 (the floor)", args: ["-e", "0"] },
    { name: "wf --help", args: [WF, "--help"], fromSource: true, overFloor: true },
    // The README's way (the ./wf launcher: sh, then node) and npx's (npm starts first).
    { name: "./wf --help (launcher)", program: path.join(ROOT, "wf"), args: ["--help"], overFloor: true },
    { name: "npx wf --help", program: "npx", args: ["--no-install", "wf", "--help"], overFloor: true },
    { name: "wf validate small.json", args: [WF, "validate", small], fromSource: true, overFloor: true },
    // Small templates with shell nodes: plain command lines, then one the shell parser must read (`if …; fi`).
    {
      name: "wf validate small, plain shell lines",
      args: [WF, "validate", fixture("shell-run.json")],
      overFloor: true,
    },
    {
      name: "wf validate small, an `if` line (parser)",
      args: [WF, "validate", fixture("shell-expansions.json")],
      overFloor: true,
    },
    { name: "wf validate 10,000 nodes", args: [WF, "validate", big], fromSource: true },
    { name: "wf run 1 shell `true`", args: [WF, "run", write("shell-1.json", layered(1, 1, shell))], nodes: 1 },
    {
      name: "wf run 20 shell `true` (parallel)",
      args: [WF, "run", write("shell-20.json", layered(20, 20, shell))],
      nodes: 20,
    },
    { name: "wf run 1 no-op", args: [WF, "run", chain(1)], nodes: 1 },
    { name: "wf run 100 no-op chain", args: [WF, "run", chain(100)], nodes: 100 },
    { name: "wf run 200 no-op chain", args: [WF, "run", chain(200)], nodes: 200 },
    { name: "wf run 1,000 no-op chain", args: [WF, "run", chain(1000)], nodes: 1000 },
    { name: "wf run 10,000 no-op chain", args: [WF, "run", chain(10_000)], nodes: 10_000 },
    {
      name: "wf run 100 no-op DAG (10 wide)",
      args: [WF, "run", write("dag-100.json", layered(100, 10, noop))],
      nodes: 100,
    },
    {
      name: "wf run 10,000 no-op DAG (100 wide)",
      args: [WF, "run", write("dag-10k.json", layered(10_000, 100, noop))],
      nodes: 10_000,
    },
  ];
  const results = new Map<string, ReturnType<typeof measure>>();
  const oneNoop = cases.find((c) => c.name === "wf run 1 no-op")!;
  const floorCase = cases[0];
  console.log(
    `\n${"case".padEnd(38)} ${"wall".padStart(10)} ${"cpu".padStart(10)} ${"per node".padStart(10)} ${"peak RSS".padStart(9)}   tsx sources → bundle`,
  );
  for (const c of cases) {
    // No-op runs alternate with the one-node run, so their start-up cancels out of the per-node cost.
    const r = measure(
      c,
      "bundle",
      c.overFloor
        ? floorCase
        : c.nodes && c.nodes > 1 && c.args.includes("run") && !c.name.includes("shell")
          ? oneNoop
          : undefined,
    );
    results.set(c.name, r);
    const perNode = c.nodes
      ? ms(Number.isNaN(r.overBase) ? r.wall / c.nodes : r.overBase / (c.nodes - 1))
      : "".padStart(10);
    let before = "";
    if (c.fromSource) {
      const s = measure(c, "source");
      before = `   wall ${ms(s.wall)} → ${ms(r.wall)} (${(s.wall / r.wall).toFixed(1)}×), cpu ${ms(s.cpu)} → ${ms(r.cpu)} (${(s.cpu / r.cpu).toFixed(1)}×), ${s.rss.toFixed(0)} → ${r.rss.toFixed(0)} MB`;
    }
    console.log(
      `${c.name.padEnd(38)} ${ms(r.wall)} ${ms(r.cpu)} ${perNode} ${r.rss.toFixed(0).padStart(6)} MB${before}`,
    );
  }
  // Per node, from the paired differences: wall, and CPU time (steadier when others load the machine).
  const perNode = (name: string, n: number, key: "overBase" | "cpuOverBase") => results.get(name)![key] / (n - 1);
  // At 100 nodes the run's extra cost is a few tens of ms: on a noisy machine its paired median can come out
  // at or below zero, and then no ratio means anything.
  const ratio = (big: string, small: string, key: "overBase" | "cpuOverBase") => {
    const [b, s] = [perNode(big, 10_000, key), perNode(small, 100, key)];
    return `${ms(b).trim()} vs ${ms(s).trim()} = ${s > 0 ? `${(b / s).toFixed(2)}×` : "n/a (the 100-node cost is within noise)"}`;
  };
  console.log("\nper-node cost at 10,000 vs 100 nodes (flat = 1×, goal ≤ 1.5×):");
  for (const [label, big, small] of [
    ["chain", "wf run 10,000 no-op chain", "wf run 100 no-op chain"],
    ["layered DAG", "wf run 10,000 no-op DAG (100 wide)", "wf run 100 no-op DAG (10 wide)"],
  ])
    console.log(
      `  ${label.padEnd(12)} wall ${ratio(big, small, "overBase")};  cpu ${ratio(big, small, "cpuOverBase")}`,
    );
  const overFloor = cases
    .filter((c) => c.overFloor)
    .map((c) => `${c.name} +${results.get(c.name)!.overBase.toFixed(0)} ms`);
  console.log(`\nover \`node -e 0\` (median of paired differences): ${overFloor.join("; ")}`);
  const floor = results.get(floorCase.name)!.wall;
  const viaLauncher = results.get("./wf --help (launcher)")!.wall;
  const viaNpx = results.get("npx wf --help")!.wall;
  console.log(
    `./wf --help ${(viaLauncher / floor).toFixed(2)}× bare node (goal ≤ 1.3×); npx wf --help ${(viaNpx / floor).toFixed(2)}×`,
  );
  console.log(`run 1 shell over the floor: +${(results.get("wf run 1 shell `true`")!.wall - floor).toFixed(0)} ms`);
  console.log(`load average after: ${load()}`);
  fs.rmSync(dir, { recursive: true, force: true });
}
