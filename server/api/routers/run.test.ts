import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { callerAs } from "@/server/test-support/test-callers";
import { useRouterTestDb } from "@/server/test-support/router-test-db";
import { until } from "@/server/test-support/until";

const t = useRouterTestDb();
const caller = () => callerAs(t);

//  A → H (human) → B
const flow = {
  template_id: "router-flow",
  name: "Router flow",
  context_schema: { who: { type: "string", required: true } },
  nodes: [
    { id: "A", name: "Greet", type: "shell", args_template: "echo hi {who}" },
    { id: "H", name: "Review", type: "human", prompt: "ok for {who}?" },
    { id: "B", name: "Done", type: "shell", args_template: "echo bye" },
  ],
  edges: [
    { from: "A", to: "H" },
    { from: "H", to: "B" },
  ],
};

describe("run and approval routers on a real SQLite file", () => {
  it("start → waiting → approval.decide → succeeded; list and get shapes", async () => {
    const { id } = await caller().template.save({ template: flow });
    const { runId } = await caller().run.start({ templateId: id, variables: { who: "ann" } });
    const waiting = await until(
      () => caller().run.get({ runId }),
      (g) => g.run.status === "waiting",
    );
    expect(waiting.nodes.map((n) => [n.id, n.status, n.attempts])).toEqual([
      ["A", "done", 1],
      ["H", "waiting", 1],
      ["B", "pending", 0],
    ]);
    const { items } = await caller().approval.list({ status: "pending" });
    expect(items).toMatchObject([{ runId, nodeId: "H", kind: "human", prompt: "ok for ann?", status: "pending" }]);
    expect(await caller().approval.decide({ approvalId: items[0].id, decision: "approve", comment: "fine" })).toEqual({
      ok: true,
    });
    await expect(caller().approval.decide({ approvalId: items[0].id, decision: "approve" })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    const done = await until(
      () => caller().run.get({ runId }),
      (g) => g.run.status === "succeeded",
    );
    expect(done.nodes.map((n) => n.status)).toEqual(["done", "done", "done"]);
    expect((await caller().run.list({ status: "succeeded" })).items.map((r) => r.id)).toEqual([runId]);
  });

  it("a missing variable is BAD_REQUEST with RUN006; unknown run is NOT_FOUND", async () => {
    const { id } = await caller().template.save({ template: flow });
    const err = await caller()
      .run.start({ templateId: id, variables: {} })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCError);
    expect((err as TRPCError).code).toBe("BAD_REQUEST");
    expect(JSON.stringify((err as { diagnostics?: unknown }).diagnostics)).toContain("RUN006");
    await expect(caller().run.get({ runId: "run_nope" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("every run is validated: a saved draft, an inline template with errors and a 5,000,000-iteration loop are refused with BAD_REQUEST and their diagnostics; nothing is stored", async () => {
    const codesOf = async (input: Parameters<ReturnType<typeof caller>["run"]["start"]>[0]) => {
      const err = await caller()
        .run.start(input)
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(TRPCError);
      expect((err as TRPCError).code).toBe("BAD_REQUEST");
      const diagnostics =
        (err as { diagnostics?: { code: string; nodeId?: string; message: string }[] }).diagnostics ?? [];
      return { diagnostics, message: (err as TRPCError).message };
    };
    //  A → B, plus C that nothing reaches and an edge to a node that does not exist
    const broken = {
      template_id: "draft",
      name: "Draft",
      nodes: [
        { id: "A", name: "A", type: "shell", args_template: "touch ran" },
        { id: "B", name: "B", type: "shell", args_template: "true" },
        { id: "C", name: "C", type: "shell", args_template: "true" },
      ],
      edges: [
        { from: "A", to: "B" },
        { from: "C", to: "C" },
        { from: "B", to: "ghost" },
      ],
    };
    const saved = await caller().template.save({ template: broken });
    const draft = await codesOf({ templateId: saved.id });
    expect(draft.diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(["WF011", "WF012"]));
    const inline = await codesOf({ template: broken });
    expect(inline.diagnostics.map((d) => d.code)).toEqual(draft.diagnostics.map((d) => d.code));
    const loop = await codesOf({
      template: {
        template_id: "huge",
        name: "Huge",
        nodes: [{ id: "L", name: "L", type: "loop", max_iter: 5_000_000, args_template: "true" }],
      },
    });
    expect(loop.diagnostics).toMatchObject([{ nodeId: "L", field: "max_iter" }]);
    expect(loop.diagnostics[0].message).toContain("100 iterations");
    expect((await caller().run.list({})).items).toEqual([]);
    expect(t().db.$client.prepare("select count(*) as n from runs").get()).toEqual({ n: 0 });
  });

  it("rerunFrom needs confirm when downstream finished; retryFailed and cancel answer ok", async () => {
    const { runId } = await caller().run.start({
      template: {
        template_id: "ab",
        name: "AB",
        nodes: [
          { id: "A", name: "A", type: "shell", args_template: "echo a" },
          { id: "B", name: "B", type: "shell", args_template: "exit 1" },
        ],
        edges: [{ from: "A", to: "B" }],
      },
    });
    await until(
      () => caller().run.get({ runId }),
      (g) => g.run.status === "failed",
    );
    const err = (await caller()
      .run.rerunFrom({ runId, nodeId: "A" })
      .catch((e: unknown) => e)) as TRPCError & { details?: { finishedDownstream: string[] } };
    expect(err.code).toBe("PRECONDITION_FAILED");
    expect(err.details?.finishedDownstream).toEqual(["B"]);
    expect(await caller().run.rerunFrom({ runId, nodeId: "A", confirm: true })).toEqual({ ok: true });
    await until(
      () => caller().run.get({ runId }),
      (g) => g.run.status === "failed",
    );
    expect(await caller().run.retryFailed({ runId })).toEqual({ ok: true });
    const g = await until(
      () => caller().run.get({ runId }),
      (x) => x.run.status === "failed",
    );
    expect(g.nodes.find((n) => n.id === "B")?.attempts).toBe(1);
    expect(await caller().run.cancel({ runId })).toEqual({ ok: false });
  });

  it("onEvent replays persisted events after lastEventId, then tails live ones", async () => {
    const { id } = await caller().template.save({ template: flow });
    const { runId } = await caller().run.start({ templateId: id, variables: { who: "bo" } });
    await until(
      () => caller().run.get({ runId }),
      (g) => g.run.status === "waiting",
    );
    const ac = new AbortController();
    const stream = await callerAs(t, ["admin"], { signal: ac.signal }).run.onEvent({
      runId,
      lastEventId: "2",
    });
    const seen: { id: number; type: string }[] = [];
    const reading = (async () => {
      // Through a caller, tracked events arrive as [id, data, symbol].
      for await (const [id, data] of stream as unknown as AsyncIterable<[string, { id: number; type: string }]>) {
        expect(data.id).toBe(Number(id));
        seen.push({ id: Number(id), type: data.type });
        if (data.type === "run.finished") break;
      }
    })();
    await until(
      async () => seen.length,
      (n) => n > 0,
    );
    const [approval] = (await caller().approval.list({ runId, status: "pending" })).items;
    await caller().approval.decide({ approvalId: approval.id, decision: "approve" });
    await reading;
    ac.abort();
    expect(seen[0].id).toBe(3);
    expect(seen.map((e) => e.id)).toEqual(seen.map((_, i) => i + 3));
    expect(seen.map((e) => e.type)).toContain("decision.given");
    expect(seen.at(-1)?.type).toBe("run.finished");
  });
});
