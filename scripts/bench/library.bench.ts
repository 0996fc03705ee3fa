/**
 * Library search speed: 5,000 templates (5–25 named nodes each, tags, descriptions, 20,000 runs)
 * in a fresh SQLite file; `template.list` called through the router (zod, SQL, mapping) with a
 * word, two words, a tag, a word + task type sorted by runs, and no filter. Goal: p95 < 50 ms.
 */
import fs from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fmt, median, percentile } from "./measure";

/** 1,500 made-up words (consonant-vowel syllables): a word appears in a few percent of templates. */
const WORDS = Array.from({ length: 1_500 }, (_, i) => {
  const c = "bdfgklmnprstvz";
  const v = "aeiou";
  let w = "";
  for (let k = i + 7; w.length < 6; k = Math.floor(k / 5) + 3) w += c[k % c.length] + v[k % v.length];
  return `${w}${i}`;
});

/** Deterministic pseudo-random numbers in [0, 1) (a multiplicative hash), so every run measures the same library. */
function sequence(seed: number): () => number {
  let k = seed >>> 0;
  return () => {
    k = (Math.imul(k ^ (k >>> 16), 0x45d9f3b) + 0x9e3779b9) >>> 0;
    return ((k ^ (k >>> 13)) >>> 0) / 4294967296;
  };
}

function libraryTemplate(i: number, rand: () => number): Record<string, unknown> {
  const word = () => WORDS[Math.floor(rand() * WORDS.length)];
  const n = 5 + Math.floor(rand() * 21);
  const nodes = Array.from({ length: n }, (_, k) => ({
    id: `N-${String(k + 1).padStart(3, "0")}`,
    name: `${word()} the ${word()} ${k}`,
    type: "shell",
    args_template: "true",
  }));
  const edges = nodes.slice(1).map((node, k) => ({ from: nodes[k].id, to: node.id }));
  return {
    template_id: `wft-lib-${i}`,
    name: `${word()} ${word()} ${i}`,
    description: Array.from({ length: 12 }, word).join(" "),
    tags: [word(), word()],
    metadata: { task_type: ["feature", "bugfix", "refactor", "docs"][i % 4] },
    nodes,
    edges,
  };
}

async function timeQueries(call: () => Promise<unknown>, runs: number): Promise<number[]> {
  for (let i = 0; i < 5; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  return times;
}

export default async function libraryBench(): Promise<void> {
  console.log(
    `load average: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")} (${cpus().length} cores)`,
  );
  const dir = fs.mkdtempSync(path.join(tmpdir(), "wf-bench-library-"));
  try {
    const { readServerConfig } = await import("@/server/config/server-config");
    const { createServerDeps } = await import("@/server/runtime/server-deps");
    const deps = createServerDeps(readServerConfig({ WF_DATA_DIR: dir, WF_DB_PATH: path.join(dir, "wf.db") }));
    const { createCaller } = await import("@/server/api/root");
    const db = deps.db;
    const rand = sequence(7);
    const t0 = performance.now();
    const ids: string[] = [];
    for (let i = 0; i < 5_000; i++) ids.push((await deps.library.save({ template: libraryTemplate(i, rand) })).id);
    const insertRun = db.$client.prepare(
      `insert into runs (id, template_pk, template_json, name, status, workspace, created_at) values (?, ?, '{}', 'r', ?, '/tmp', ?)`,
    );
    db.$client.transaction(() => {
      for (let r = 0; r < 20_000; r++)
        insertRun.run(`run_${r}`, ids[Math.floor(rand() * ids.length)], r % 3 ? "succeeded" : "failed", r);
    })();
    console.log(`setup: 5,000 templates and 20,000 runs saved in ${fmt(performance.now() - t0)}`);

    const caller = createCaller({
      deps,
      headers: new Headers(),
      caller: { via: "env-token", userId: null, email: "bench", roles: ["admin"], sessionId: null },
    });
    const [w1, w2, w3] = [WORDS[10], WORDS[500], WORDS[1200]];
    const cases: [string, () => Promise<{ items: unknown[] }>][] = [
      [`one word (${w1})`, () => caller.template.list({ search: w1 })],
      [`two words (${w1} ${w2})`, () => caller.template.list({ search: `${w1} ${w2}` })],
      [`a word + "the" (node names)`, () => caller.template.list({ search: `the ${w3}` })],
      [`a tag (${w2})`, () => caller.template.list({ tag: w2 })],
      ["a word + task type, by runs", () => caller.template.list({ search: w3, taskType: "bugfix", sort: "runs" })],
      ["a common substring (a), page of 200 like /templates", () => caller.template.list({ search: "a", limit: 200 })],
      ["no filter, page of 200 like /templates", () => caller.template.list({ limit: 200 })],
      ["no filter, all 5,000 items", () => caller.template.list()],
    ];
    for (const [label, call] of cases) {
      const count = (await call()).items.length;
      const times = await timeQueries(call, 40);
      const p95 = percentile(times, 95);
      console.log(
        `template.list ${label}: ${count} items — p50 ${fmt(median(times))}, p95 ${fmt(p95)} — ${p95 < 50 ? "ok (p95 < 50 ms)" : "SLOW (goal p95 < 50 ms)"}`,
      );
    }
    deps.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
