/**
 * A PostgreSQL database of its own for a benchmark: on WF_TEST_DATABASE_URL's server when set, else on a private
 * cluster started for it (`privatePostgresCluster`, as the tests do); `drop()` removes the database (and the cluster).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { privatePostgresCluster } from "@/server/test-support/postgres-cluster";
import { withDatabase } from "@/server/test-support/test-database";

export async function benchDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const cluster = process.env.WF_TEST_DATABASE_URL ? undefined : privatePostgresCluster();
  const server = process.env.WF_TEST_DATABASE_URL ?? (await cluster!.start());
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  await admin.query(`create database ${name}`);
  return {
    url: withDatabase(server, name),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      cluster?.stop();
    },
  };
}
