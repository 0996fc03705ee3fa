// Makes sure the tests have a PostgreSQL server: WF_TEST_DATABASE_URL when set; else the server binaries
// (initdb, postgres), from which the tests start a private cluster in a temp folder
// (server/test-support/postgres-cluster.ts). Missing binaries are installed as Debian's `postgresql` with
// apt-get where that exists and we are root (about a minute); elsewhere this says what to do and fails.
import { execSync } from "node:child_process";
import { hasCommand } from "./has-command.mjs";
import fs from "node:fs";
import path from "node:path";

if (process.env.WF_TEST_DATABASE_URL?.trim()) process.exit(0);

/** As postgres-cluster.ts looks for them: /usr/lib/postgresql/<version>/bin, else `pg_config --bindir`. */
function serverBinaries() {
  const base = "/usr/lib/postgresql";
  if (fs.existsSync(base) && fs.readdirSync(base).some((v) => fs.existsSync(path.join(base, v, "bin", "initdb"))))
    return true;
  if (!hasCommand("pg_config")) return false;
  const dir = execSync("pg_config --bindir", { encoding: "utf8" }).trim();
  return fs.existsSync(path.join(dir, "initdb"));
}

if (serverBinaries()) process.exit(0);
if (hasCommand("apt-get") && process.getuid?.() === 0) {
  console.log("ensure-postgres: installing Debian's postgresql (about a minute)…");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null", {
    stdio: "inherit",
  });
  if (serverBinaries()) process.exit(0);
}
console.error(
  "ensure-postgres: no PostgreSQL server binaries (initdb, postgres) — install PostgreSQL (apt-get install postgresql, " +
    "dnf install postgresql-server, brew install postgresql) or point the tests at a server: " +
    "WF_TEST_DATABASE_URL=postgres://user:password@host:port/database (its user must be allowed to CREATE DATABASE)",
);
process.exit(1);
