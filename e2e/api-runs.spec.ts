import { expect, test, type APIRequestContext } from "@playwright/test";

/** tRPC over plain HTTP, as other tools call it: GET for queries, POST for mutations, no transformer. */
async function query<T>(request: APIRequestContext, path: string, input?: unknown): Promise<T> {
  const qs = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const res = await request.get(`/api/trpc/${path}${qs}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result.data as T;
}
async function mutate<T>(request: APIRequestContext, path: string, input: unknown): Promise<T> {
  const res = await request.post(`/api/trpc/${path}`, { data: input });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result.data as T;
}

interface RunGet {
  run: { id: string; status: string };
  nodes: { id: string; status: string; attempts: number; output?: string }[];
}

async function waitForStatus(request: APIRequestContext, runId: string, statuses: string[]): Promise<RunGet> {
  let last: RunGet | undefined;
  await expect
    .poll(
      async () => {
        last = await query<RunGet>(request, "run.get", { runId });
        return last.run.status;
      },
      { timeout: 20_000 },
    )
    .toMatch(new RegExp(`^(${statuses.join("|")})$`));
  return last!;
}

test("the server runs the parallel example end to end: real shell processes, every node done", async ({ request }) => {
  const { runId } = await mutate<{ runId: string }>(request, "run.start", {
    templateId: "wft-parallel-checks-20261129",
    variables: {},
  });
  const done = await waitForStatus(request, runId, ["succeeded", "failed"]);
  expect(done.run.status).toBe("succeeded");
  expect(done.nodes.map((n) => [n.id, n.status])).toEqual(
    expect.arrayContaining([
      ["N-001", "done"],
      ["N-002a", "done"],
      ["N-002b", "done"],
      ["N-002c", "done"],
      ["N-003", "done"],
    ]),
  );
  expect(done.nodes.find((n) => n.id === "N-003")?.output).toContain("unit: 42 passed");
  const { items } = await query<{ items: { id: string }[] }>(request, "run.list");
  expect(items.map((r) => r.id)).toContain(runId);
});

test("a paused checkpoint waits in the approvals inbox until a person approves it", async ({ request }) => {
  const missing = await request.post("/api/trpc/run.start", {
    data: { templateId: "wft-feature-pipeline-20261129", variables: {} },
  });
  expect(missing.status()).toBe(400); // `goal` is required and never guessed

  const { runId } = await mutate<{ runId: string }>(request, "run.start", {
    templateId: "wft-feature-pipeline-20261129",
    variables: { goal: "dark mode" },
  });
  const waiting = await waitForStatus(request, runId, ["waiting"]);
  expect(waiting.nodes.find((n) => n.id === "N-001")?.status).toBe("done");
  expect(waiting.nodes.find((n) => n.id === "CP-01")?.status).toBe("waiting");

  const { items } = await query<{
    items: { id: string; runId: string; nodeId: string; kind: string; status: string }[];
  }>(request, "approval.list", { status: "pending" });
  const approval = items.find((a) => a.runId === runId);
  expect(approval).toMatchObject({ nodeId: "CP-01", kind: "checkpoint", status: "pending" });

  await mutate(request, "approval.decide", {
    approvalId: approval!.id,
    decision: "approve",
    comment: "plan looks good",
  });
  const finished = await waitForStatus(request, runId, ["succeeded", "failed"]);
  expect(finished.run.status).toBe("succeeded");
  expect(finished.nodes.find((n) => n.id === "N-004")?.output).toContain("all tests passed");
});
