/**
 * Test helper: a private PostgreSQL cluster in a temp folder — `initdb` with trust auth, then `pg_ctl start`
 * listening on 127.0.0.1 at a free port (its socket in the same folder) — and its removal. As root the server
 * runs as the `postgres` user, since it refuses to run as root.
 */
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const execFileAsync = promisify(execFile);

export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust auth: no password). */
  url: string;
  dir: string;
  /** Stops the server (fast shutdown) and deletes the folder; synchronous, so an `exit` handler can call it. */
  stop(): void;
}

/** Why the cluster did not start, in words (the server's log tail when it got that far). */
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

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new PostgresClusterError(`no PostgreSQL server binaries (initdb, pg_ctl) found: ${HOW_TO}`);
  const account = serverAccount();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wf-pg-"));
  if (account) fs.chownSync(dir, account.uid, account.gid);
  const data = path.join(dir, "data");
  const log = path.join(dir, "server.log");
  const command = (tool: string, args: string[]): [string, string[]] =>
    account ? ["runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]] : [path.join(bin, tool), args];
  let started = false;
  const stop = () => {
    if (started) {
      started = false;
      try {
        execFileSync(...command("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]), { stdio: "ignore" });
      } catch {
        // Already gone (a signal to the process group stopped it first): only the folder is left to remove.
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await execFileAsync(
      ...command("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync"]),
    );
    const port = await freePort();
    // A throwaway cluster: durability off, so tests do not wait for the disk.
    const options = `-c listen_addresses=127.0.0.1 -p ${port} -c unix_socket_directories=${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    started = true;
    await execFileAsync(...command("pg_ctl", ["-D", data, "-l", log, "-o", options, "-w", "-t", "60", "start"]));
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, dir, stop };
  } catch (err) {
    const e = err as { stderr?: string; message?: string };
    const logTail = fs.existsSync(log) ? fs.readFileSync(log, "utf8").trim().split("\n").slice(-5).join(" | ") : "";
    stop();
    throw new PostgresClusterError(
      `could not start a private PostgreSQL cluster with ${bin}: ${(e.stderr || e.message || String(err)).trim()}${logTail ? ` (server log: ${logTail})` : ""} — to use a server of your own instead, set ${OWN_SERVER}`,
    );
  }
}
