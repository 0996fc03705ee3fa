/**
 * The production server a benchmark measures: `next start` on a free 127.0.0.1 port with its own data
 * folder and `WF_API_TOKEN=bench-token` (`.next` rebuilt first when a source file is newer than it — run
 * benchmarks alone, a build rewrites `.next`), and a keep-alive tRPC client for it.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { serverNodeFlags } from "@/server/cli/commands/server-node-flags";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const TOKEN = "bench-token";

/** Newest modification time under the folders the server bundles. */
function newestSource(): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (!e.name.includes(".test.")) newest = Math.max(newest, fs.statSync(p).mtimeMs);
    }
  };
  for (const d of ["app", "components", "lib", "server"]) walk(path.join(ROOT, d));
  for (const f of ["next.config.ts", "instrumentation.ts", "package.json"])
    if (fs.existsSync(path.join(ROOT, f))) newest = Math.max(newest, fs.statSync(path.join(ROOT, f)).mtimeMs);
  return newest;
}

export function ensureBuild(): void {
  const id = path.join(ROOT, ".next/BUILD_ID");
  if (fs.existsSync(id) && fs.statSync(id).mtimeMs >= newestSource()) return;
  console.log("`.next` is older than the sources: next build …");
  const r = spawnSync(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "build"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "pipe"],
  });
  if (r.status !== 0) throw new Error(`next build exited ${r.status}: ${String(r.stderr).slice(-2000)}`);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export class Client {
  private agent: http.Agent;
  constructor(
    private port: number,
    sockets: number,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  }
  /** POSTs a tRPC mutation (no transformer: the body is the input) and returns `result.data`. */
  call(procedure: string, input: unknown): Promise<unknown> {
    return this.send(procedure, JSON.stringify(input));
  }
  /** `call` with the input's JSON text made already (so a large one is not made while something is timed). */
  send(procedure: string, body: string): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port: this.port,
          method: "POST",
          path: `/api/trpc/${procedure}`,
          agent: this.agent,
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            authorization: `Bearer ${TOKEN}`,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            if (res.statusCode !== 200) return reject(new Error(`${procedure}: HTTP ${res.statusCode} ${text}`));
            resolve((JSON.parse(text) as { result: { data: unknown } }).result.data);
          });
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  }
  close(): void {
    this.agent.destroy();
  }
}

export async function startServer(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      ...serverNodeFlags(),
      ...(process.env.BENCH_SERVER_FLAGS ?? "").split(" ").filter(Boolean),
      path.join(ROOT, "node_modules/next/dist/bin/next"),
      "start",
      "-H",
      "127.0.0.1",
      "-p",
      String(port),
    ],
    {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "production", WF_DATA_DIR: dataDir, WF_API_TOKEN: TOKEN, ...env },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const t0 = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited ${child.exitCode}`);
    const ok = await new Promise<boolean>((resolve) => {
      http
        .get({ host: "127.0.0.1", port, path: "/api/trpc/health.ping" }, (res) => {
          res.resume();
          resolve(true);
        })
        .on("error", () => resolve(false));
    });
    if (ok) break;
    if (performance.now() - t0 > 60_000) throw new Error("the server did not answer within 60 s");
    await new Promise((r) => setTimeout(r, 100));
  }
  console.log(
    `server up in ${(performance.now() - t0).toFixed(0)} ms (first answer), port ${port}, node flags: ${serverNodeFlags().join(" ") || "none"}`,
  );
  return child;
}
