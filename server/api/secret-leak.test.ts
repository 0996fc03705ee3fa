/**
 * A secret used by a shell node that prints it never appears in clear anywhere the app keeps or
 * sends data: run.get, the stored events (run.log's source), the SSE stream, the audit log, the
 * database file (and its WAL) or any file of the data folder.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sealSecret } from "@/server/secrets/secret-box";
import { callerAs } from "@/server/test-support/test-callers";
import { startApiTestServer } from "@/server/test-support/api-test-server";
import type { TestDeps } from "@/server/test-support/test-deps";
import { authHeaders, type TrpcHttpServer } from "@/server/test-support/trpc-http-server";

const SECRET = "s3cr3t-Value-7f9d2c";

let t: TestDeps;
let http: TrpcHttpServer;
let stop: () => Promise<void>;
beforeEach(async () => {
  ({ t, http, stop } = await startApiTestServer());
});
afterEach(() => stop());

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : [p];
  });
}

/** Reads an SSE response until the run's last event, returning everything received. */
async function readStream(runId: string): Promise<string> {
  const input = encodeURIComponent(JSON.stringify({ runId }));
  const res = await fetch(`${http.base}/run.onEvent?input=${input}`, { headers: authHeaders() });
  const reader = res.body!.getReader();
  let text = "";
  while (!text.includes("run.finished")) {
    const { value, done } = await reader.read();
    if (done) break;
    text += new TextDecoder().decode(value);
  }
  await reader.cancel();
  return text;
}

describe("secrets stay secret", () => {
  it("a shell node that echoes a secret: redacted everywhere, the node still got the value", async () => {
    const admin = callerAs(t.deps, ["admin"]);
    await admin.secret.set({ name: "API_KEY", value: SECRET });
    expect(JSON.stringify(await admin.secret.list())).not.toContain(SECRET);
    const template = {
      template_id: "leaky",
      name: "Leaky",
      nodes: [
        {
          id: "A",
          name: "Print it",
          type: "shell",
          // The reference (as WF_REF_n), the environment variable and an error message all carry it.
          args_template:
            'echo "ref={secrets.API_KEY}"; echo "env=$API_KEY"; echo "len=${#API_KEY}"; echo "$API_KEY" >&2',
        },
        { id: "B", name: "Fail with it", type: "shell", args_template: 'echo "bad {secrets.API_KEY}" >&2; exit 3' },
      ],
      edges: [{ from: "A", to: "B" }],
    };
    const { id } = await admin.template.save({ template });
    const { runId } = await admin.run.start({ templateId: id, variables: {} });
    const state = await t.deps.engine.settled(runId);
    expect(state.status).toBe("failed");

    const got = await admin.run.get({ runId });
    const a = got.nodes.find((n) => n.id === "A")!;
    expect(a.status).toBe("done");
    // The node saw the real value (its length), and the output shows *** where it was printed.
    expect(a.output).toContain(`len=${SECRET.length}`);
    expect(a.output).toContain("ref=***");
    expect(a.output).toContain("env=***");
    expect(JSON.stringify(got)).not.toContain(SECRET);

    const stream = await readStream(runId);
    expect(stream).toContain("ref=***");
    expect(stream).not.toContain(SECRET);

    expect(JSON.stringify(await admin.audit.list())).not.toContain(SECRET);

    t.deps.engine.detach();
    t.db.$client.pragma("wal_checkpoint(TRUNCATE)");
    for (const file of filesUnder(t.dir))
      expect(fs.readFileSync(file).includes(SECRET), `${path.relative(t.dir, file)} holds the secret in clear`).toBe(
        false,
      );
  });

  it("a template naming a secret that does not exist is refused at run.start, naming the node and field", async () => {
    const admin = callerAs(t.deps, ["admin"]);
    const template = {
      template_id: "missing-secret",
      name: "Missing secret",
      nodes: [{ id: "A", name: "Call", type: "shell", args_template: "echo {secrets.NOPE}" }],
      edges: [],
    };
    const { id } = await admin.template.save({ template });
    const err = await admin.run.start({ templateId: id, variables: {} }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "BAD_REQUEST" });
    const diagnostics = (err as { diagnostics?: unknown[] }).diagnostics;
    expect(diagnostics).toEqual([expect.objectContaining({ code: "RUN030", nodeId: "A", field: "args_template" })]);
    expect((await admin.run.list()).items).toHaveLength(0);
  });

  it("a secret sealed under another key is refused at run.start (RUN046), naming the node, field and what to share", async () => {
    const admin = callerAs(t.deps, ["admin"]);
    const other = sealSecret(randomBytes(32), "sealed-elsewhere", "ELSEWHERE");
    await t.deps.sql.run(`insert into secrets (name, sealed, created_at, updated_at) values (?, ?, ?, ?)`, [
      "ELSEWHERE",
      other,
      1,
      1,
    ]);
    await t.deps.secrets.refresh();
    const template = {
      template_id: "foreign-secret",
      name: "Foreign secret",
      nodes: [{ id: "A", name: "Call", type: "shell", args_template: "echo {secrets.ELSEWHERE}" }],
      edges: [],
    };
    const { id } = await admin.template.save({ template });
    const err = await admin.run.start({ templateId: id, variables: {} }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: "BAD_REQUEST" });
    const diagnostics = (err as { diagnostics?: { message: string }[] }).diagnostics;
    expect(diagnostics).toEqual([expect.objectContaining({ code: "RUN046", nodeId: "A", field: "args_template" })]);
    expect(diagnostics![0].message).toMatch(/the same WF_SECRET_KEY, or set the secret again/);
    expect((await admin.run.list()).items).toHaveLength(0);
  });

  it("secret values are sealed at rest, reserved names are refused, a value never comes back", async () => {
    const admin = callerAs(t.deps, ["admin"]);
    await admin.secret.set({ name: "TOKEN", value: "plain-text-value" });
    const row = t.db.$client.prepare("select sealed from secrets where name = 'TOKEN'").get() as { sealed: string };
    expect(row.sealed).not.toContain("plain-text-value");
    expect(fs.statSync(path.join(t.dir, "secret.key")).mode & 0o777).toBe(0o600);
    await expect(admin.secret.set({ name: "PATH", value: "x" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(admin.secret.set({ name: "WF_X", value: "x" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await admin.secret.list()).items.map((s) => s.name)).toEqual(["TOKEN"]);
    await admin.secret.delete({ name: "TOKEN" });
    await expect(admin.secret.delete({ name: "TOKEN" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
