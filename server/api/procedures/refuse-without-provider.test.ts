/** run.start's provider precondition and the WF110 warning, by one readiness rule, against real dependencies. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { useRouterTestDb } from "@/server/test-support/router-test-db";
import { callerAs } from "@/server/test-support/test-callers";

const t = useRouterTestDb();
const admin = () => callerAs(t);

const node = (id: string, fields: Record<string, unknown>) => ({ id, name: id, ...fields });
const flow = (...nodes: Record<string, unknown>[]) => ({ template_id: "needs", name: "Needs", nodes, edges: [] });

const warned = async (template: Record<string, unknown>) =>
  (await admin().compose.validate({ template })).diagnostics.filter((d) => d.code === "WF110").map((d) => d.nodeId);

describe("nodes that need an agent provider", () => {
  it("a skill whose recipe is an agent and an agent_confirms check are refused too; shell nodes are not", async () => {
    const template = flow(
      node("A", { type: "skill", executor: "analyze", args_template: "the logs" }),
      node("B", {
        type: "shell",
        args_template: "echo hi",
        checks: [{ type: "agent_confirms", description: "it greets" }],
      }),
      node("C", { type: "shell", args_template: "echo hi" }),
    );
    await expect(admin().run.start({ template })).rejects.toMatchObject({
      code: "PRECONDITION_FAILED",
      message: expect.stringMatching(/"A", "B".*Settings → Agent providers/),
    });
    expect(await warned(template)).toEqual(["A", "B"]);
    expect((await admin().run.list({})).items).toEqual([]);
  });

  it("a provider whose program is not on the server's PATH is not ready: refused and warned", async () => {
    const file = path.join(t().dir, "providers.yaml");
    fs.writeFileSync(file, "providers:\n  gone:\n    kind: cli\n    command: [no-such-agent-wf-test]\n");
    const deps = t().restart();
    expect(deps.providers.names()).toEqual(["gone"]);
    const template = flow(node("ask", { type: "agent", prompt: "hi" }));
    await expect(admin().run.start({ template })).rejects.toMatchObject({ code: "PRECONDITION_FAILED" });
    expect(await warned(template)).toEqual(["ask"]);
    expect((await admin().provider.list()).items).toMatchObject([{ name: "gone", ready: false, source: "file" }]);
  });

  it("once a cat provider is saved, nothing is warned and the agent node's run finishes with the echoed prompt", async () => {
    const template = flow(node("ask", { type: "agent", prompt: "say hello" }));
    expect(await warned(template)).toEqual(["ask"]);
    await admin().provider.save({ name: "echo", kind: "cli", command: ["cat"] });
    expect(await warned(template)).toEqual([]);
    const { runId } = await admin().run.start({ template });
    await t().deps.engine.settled(runId);
    const run = await admin().run.get({ runId });
    expect(run.run.status).toBe("succeeded");
    expect(String(run.nodes[0]!.output)).toContain("say hello");
  });

  it("describe says which nodes need a provider, and warns on them while none is ready", async () => {
    const out = await admin().compose.describe({ text: "analyze the logs, then run npm test" });
    const analyze = out.template.nodes.find((n) => n.executor === "analyze");
    const other = out.template.nodes.filter((n) => n !== analyze && n.type !== "checkpoint");
    // The second step is a skill too, but its recipe is a shell command: it needs no provider.
    expect([analyze?.type, other.map((n) => n.type)]).toEqual(["skill", ["skill"]]);
    const agentNodes = [analyze!.id];
    expect(out.needsProvider).toEqual(agentNodes);
    expect(out.diagnostics.filter((d) => d.code === "WF110").map((d) => d.nodeId)).toEqual(agentNodes);
  });
});
