/**
 * Nothing a node leaves in its workspace freezes the server: a shell node that runs `mkfifo` and names
 * the FIFO as its output_file, and file checks pointed at FIFOs, fail their node with RUN033 while the
 * server — a real process on a real port, its engine on a real SQLite file — keeps answering. The test
 * talks to a server in another process, so a frozen event loop there shows up here as a failure.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders } from "@/server/test-support/trpc-http-server";
import { spawnApiServer, type ApiServerProcess } from "@/server/test-support/spawn-api-server";
import { until } from "@/server/test-support/until";

let server: ApiServerProcess;
// A process of its own compiles the server's modules first: slow on a busy machine.
beforeAll(async () => {
  server = await spawnApiServer();
}, 180_000);
afterAll(() => server?.stop());

const call = async (path: string, input?: unknown, method: "GET" | "POST" = "GET") => {
  const res =
    method === "POST"
      ? await fetch(`${server.base}/${path}`, {
          method,
          headers: { "content-type": "application/json", ...authHeaders() },
          body: JSON.stringify(input),
        })
      : await fetch(
          `${server.base}/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          {
            headers: authHeaders(),
          },
        );
  const body = (await res.json()) as { result?: { data: unknown }; error?: unknown };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body.error)}`);
  return body.result!.data;
};

interface RunGet {
  run: { status: string };
  nodes: { id: string; status: string; error?: string }[];
}

describe("a FIFO in a run's workspace", { timeout: 120_000 }, () => {
  it("fails the nodes that would read it, and the server keeps answering", async () => {
    //  O (output_file is a FIFO), X (file_exists on one), C (file_contains on one), M → P (a precondition on one) → Z
    const fifoNode = (id: string, name: string, extra: Record<string, unknown>) => ({
      id,
      name,
      type: "shell",
      args_template: `mkfifo ${id}.fifo`,
      on_fail: "skip",
      ...extra,
    });
    const { runId } = (await call(
      "run.start",
      {
        template: {
          template_id: "fifo",
          name: "FIFO",
          nodes: [
            fifoNode("O", "Output", { output_file: "O.fifo" }),
            fifoNode("X", "Exists", { checks: [{ type: "file_exists", path: "X.fifo" }] }),
            fifoNode("C", "Contains", { checks: [{ type: "file_contains", path: "C.fifo", pattern: "x" }] }),
            {
              id: "P",
              name: "Pre",
              type: "shell",
              args_template: "echo never",
              on_fail: "skip",
              preconditions: [{ type: "file_contains", path: "M.fifo", pattern: "x" }],
            },
            { id: "M", name: "Make", type: "shell", args_template: "mkfifo M.fifo" },
            { id: "Z", name: "After", type: "shell", args_template: "echo still here" },
          ],
          edges: [
            { from: "M", to: "P" },
            { from: "O", to: "Z" },
            { from: "P", to: "Z" },
            { from: "X", to: "Z" },
            { from: "C", to: "Z" },
          ],
        },
      },
      "POST",
    )) as { runId: string };
    const done = await until(
      async () => {
        // The server answers another request on every poll while the run works.
        expect(await call("health.ping")).toMatchObject({ ok: true });
        return (await call("run.get", { runId })) as RunGet;
      },
      (g) => g.run.status === "succeeded" || g.run.status === "failed",
    );
    const byId = Object.fromEntries(done.nodes.map((n) => [n.id, n]));
    for (const [id, file] of [
      ["O", "O.fifo"],
      ["X", "X.fifo"],
      ["C", "C.fifo"],
      ["P", "M.fifo"],
    ])
      expect(byId[id].error, id).toContain(`${file} is a FIFO, not a regular file`);
    // The server answered all along, and still does.
    expect(await call("health.ping")).toMatchObject({ ok: true });
  });
});
