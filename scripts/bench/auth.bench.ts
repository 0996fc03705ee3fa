/**
 * What accounts cost per request (issue: auth adds < 1 ms per request at p50; run.start throughput
 * with auth on within 10 % of auth off). In process, on a real SQLite file:
 *  1. resolving the caller: session cookie, personal token, WF_API_TOKEN, anonymous (µs, p50/p95);
 *  2. `run.start` of a one-node template through the app's endpoint with a session cookie (guards,
 *     caller lookup, the access middleware, the audit row) vs. the same tRPC router with a fixed
 *     caller and no guards ("auth off"): runs/s and the per-request difference.
 */
import fs from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fmt, median, percentile } from "./measure";

const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(", ")} (${cpus().length} cores)`;

async function micros(fn: () => unknown, n: number): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 500; i++) await fn();
  const t: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    t.push((performance.now() - t0) * 1000);
  }
  return { p50: median(t), p95: percentile(t, 95) };
}

export default async function authBench(): Promise<void> {
  console.log(load());
  const dir = fs.mkdtempSync(path.join(tmpdir(), "wf-bench-auth-"));
  try {
    const { readServerConfig } = await import("@/server/config/server-config");
    const { createServerDeps } = await import("@/server/runtime/server-deps");
    const deps = createServerDeps(
      readServerConfig({ WF_DATA_DIR: dir, WF_DB_PATH: path.join(dir, "wf.db"), WF_API_TOKEN: "bench-env-token" }),
    );
    const { resolveCaller } = await import("@/server/auth/resolve-caller");
    const { handleTrpcRequest } = await import("@/server/api/handle-trpc-request");
    const { fetchRequestHandler } = await import("@trpc/server/adapters/fetch");
    const { appRouter } = await import("@/server/api/root");
    const { users, sessions, tokens } = deps.accounts;
    const user = await users.create({ email: "bench@example.com", password: "bench-password", roles: ["editor"] });
    for (let i = 0; i < 1000; i++) await sessions.create(user.id); // a table with history, not one row
    const session = (await sessions.create(user.id)).token;
    const token = (await tokens.create(user.id, "bench")).token;

    console.log("\nresolving the caller (20,000 lookups each):");
    const cases: [string, Headers][] = [
      ["session cookie", new Headers({ cookie: `wf_session=${session}` })],
      ["personal API token", new Headers({ authorization: `Bearer ${token}` })],
      ["WF_API_TOKEN", new Headers({ authorization: "Bearer bench-env-token" })],
      ["anonymous", new Headers()],
    ];
    for (const [name, headers] of cases) {
      const r = await micros(() => resolveCaller(deps.accounts, headers, deps.config), 20_000);
      console.log(`  ${name.padEnd(20)} p50 ${r.p50.toFixed(1)} µs   p95 ${r.p95.toFixed(1)} µs`);
    }

    const template = {
      template_id: "bench-auth-one",
      name: "bench auth one",
      nodes: [{ id: "n0", name: "n0", type: "checkpoint", auto_continue: true }],
      edges: [],
      checkpoints: ["n0"],
    };
    const templateId = (await deps.library.save({ template })).id;
    const body = JSON.stringify({ templateId, variables: {} });
    const url = "http://127.0.0.1:3000/api/trpc/run.start";
    const on = () =>
      handleTrpcRequest(
        new Request(url, {
          method: "POST",
          headers: { host: "127.0.0.1:3000", "content-type": "application/json", cookie: `wf_session=${session}` },
          body,
        }),
        deps,
      );
    const fixed = { via: "token" as const, userId: user.id, email: user.email, roles: user.roles, sessionId: null };
    const off = () =>
      fetchRequestHandler({
        endpoint: "/api/trpc",
        req: new Request(url, { method: "POST", headers: { "content-type": "application/json" }, body }),
        router: appRouter,
        createContext: () => ({ deps, headers: new Headers(), caller: fixed }),
      });
    const engine = deps.engine;
    const N = 2_000;
    async function batch(send: () => Promise<Response>): Promise<{ perSecond: number; p50: number }> {
      const times: number[] = [];
      const ids: string[] = [];
      const t0 = performance.now();
      for (let i = 0; i < N; i++) {
        const s = performance.now();
        const res = await send();
        times.push(performance.now() - s);
        ids.push(((await res.json()) as { result: { data: { runId: string } } }).result.data.runId);
      }
      await Promise.all(ids.map((id) => engine.settled(id)));
      return { perSecond: (N / (performance.now() - t0)) * 1000, p50: median(times) };
    }
    console.log(`\nrun.start of a one-node template, ${N} sequential calls per round, 3 rounds each (alternating):`);
    await batch(on);
    await batch(off); // warm-up
    const rounds: { on: number[]; off: number[]; onP50: number[]; offP50: number[] } = {
      on: [],
      off: [],
      onP50: [],
      offP50: [],
    };
    for (let r = 0; r < 3; r++) {
      const a = await batch(off);
      const b = await batch(on);
      rounds.off.push(a.perSecond);
      rounds.offP50.push(a.p50);
      rounds.on.push(b.perSecond);
      rounds.onP50.push(b.p50);
    }
    const [onRate, offRate] = [median(rounds.on), median(rounds.off)];
    console.log(`  auth off: ${offRate.toFixed(0)} runs/s, run.start p50 ${fmt(median(rounds.offP50))}`);
    console.log(`  auth on:  ${onRate.toFixed(0)} runs/s, run.start p50 ${fmt(median(rounds.onP50))}`);
    console.log(
      `  auth on / off: ${((onRate / offRate) * 100).toFixed(1)} % of the throughput; +${fmt(median(rounds.onP50) - median(rounds.offP50))} per request at p50`,
    );
    console.log(load());
    deps.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
