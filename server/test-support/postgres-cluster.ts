/**
 * Test helper: a private PostgreSQL cluster in a temp folder — `initdb` with trust auth, then the server itself
 * as a child process listening on 127.0.0.1 at a free port (its socket in the same folder), ready when it says
 * so on stderr — and its removal. As root both run as the `postgres` user, since the server refuses root.
 */
import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface PostgresCluster {
  /** initdb, then the server; resolves to `postgres://postgres@127.0.0.1:<port>/postgres` (trust auth). */
  start(): Promise<string>;
  /**
   * Stops the server (fast shutdown, waited for) and deletes the folder, at any moment — before, during or after
   * `start()`; synchronous, so an `exit` handler can call it.
   */
  stop(): void;
}

/** Why the cluster did not start, in words (the server's last log lines when it got that far). */
export class PostgresClusterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PostgresClusterError";
  }
}

const OWN_SERVER = "WF_TEST_DATABASE_URL=postgres://user:password@host:port/database";
const HOW_TO = `install Debian's postgresql (node scripts/ensure-postgres.mjs, as root) or set ${OWN_SERVER}`;

/** The newest `/usr/lib/postgresql/<version>/bin` with `initdb`, else `pg_config --bindir`; undefined: none. */
export function postgresBinDir(): string | undefined {
  const base = "/usr/lib/postgresql";
  const versions = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((v) => fs.existsSync(path.join(base, v, "bin", "initdb")))
        .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a))
    : [];
  if (versions.length) return path.join(base, versions[0], "bin");
  try {
    const dir = execFileSync("pg_config", ["--bindir"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    return fs.existsSync(path.join(dir, "initdb")) ? dir : undefined;
  } catch {
    return undefined;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** As root: the `postgres` account's ids (the server refuses root); otherwise the tools run as this user. */
function serverAccount(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    throw new PostgresClusterError(`running as root and there is no postgres user to run the server as: ${HOW_TO}`);
  }
}

/** The last lines of the server's log, for an error message. */
function tail(log: string): string {
  const lines = log.trim().split("\n").slice(-5).join(" | ");
  return lines ? ` (server log: ${lines})` : "";
}

/** A cluster not started yet (nothing happens until `start()`). */
export function privatePostgresCluster(): PostgresCluster {
  let dir: string | undefined;
  let data = "";
  let pgCtl: (args: string[]) => void = () => {};
  let server: ChildProcess | undefined;
  const stop = () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      if (fs.existsSync(path.join(data, "postmaster.pid"))) {
        try {
          pgCtl(["-D", data, "-m", "fast", "-w", "stop"]);
        } catch {
          // It stopped on its own meanwhile (a Ctrl-C reaches the whole process group).
        }
      } else {
        // Before its pid file the server has started nothing else: killing it leaves nothing behind.
        server.kill("SIGKILL");
      }
    }
    server = undefined;
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  };
  const start = async () => {
    const bin = postgresBinDir();
    if (!bin) throw new PostgresClusterError(`no PostgreSQL server binaries (initdb, postgres) found: ${HOW_TO}`);
    const account = serverAccount();
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "wf-pg-"));
    dir = folder;
    if (account) fs.chownSync(folder, account.uid, account.gid);
    data = path.join(folder, "data");
    const as = { cwd: folder, ...account };
    pgCtl = (args) => execFileSync(path.join(bin, "pg_ctl"), args, { ...as, stdio: "ignore" });
    let log = "";
    try {
      await new Promise<void>((resolve, reject) =>
        execFile(
          path.join(bin, "initdb"),
          ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync"],
          as,
          (err, _stdout, stderr) => (err ? reject(new Error(stderr.trim() || err.message)) : resolve()),
        ),
      );
      const port = await freePort();
      // A throwaway cluster: durability off, so tests do not wait for the disk.
      const settings = ["listen_addresses=127.0.0.1", `unix_socket_directories=${folder}`, "fsync=off"];
      settings.push("synchronous_commit=off", "full_page_writes=off");
      const child = spawn(
        path.join(bin, "postgres"),
        ["-D", data, "-p", String(port), ...settings.flatMap((s) => ["-c", s])],
        { ...as, stdio: ["ignore", "ignore", "pipe"] },
      );
      server = child;
      await new Promise<void>((resolve, reject) => {
        child.once("error", reject);
        child.once("exit", (code, signal) => reject(new Error(`the server exited (${signal ?? `code ${code}`})`)));
        let ready = false;
        // Read to the end (a full pipe would stall the server), keeping the lines up to "ready" for errors.
        child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
          if (ready) return;
          log += chunk;
          ready = log.includes("database system is ready to accept connections");
          if (ready) resolve();
        });
      });
      return `postgres://postgres@127.0.0.1:${port}/postgres`;
    } catch (err) {
      stop();
      throw new PostgresClusterError(
        `could not start a private PostgreSQL cluster with ${bin}: ${(err as Error).message}${tail(log)} — to use a server of your own instead, set ${OWN_SERVER}`,
      );
    }
  };
  return { start, stop };
}
