/**
 * run.simulate of a 1,000-node template on a warm server (a server-side caller over real dependencies: the
 * router's checks, the plan, the simulation, the history query). Goal: median < 100 ms.
 */
import { loadavg } from "node:os";
import { callerAs } from "@/server/test-support/test-callers";
import { createTestDeps } from "@/server/test-support/test-deps";
import { generateDag } from "./model.bench";
import { fmt, medianMs } from "./measure";

export default async function simulateBench(): Promise<void> {
  console.log(`load average: ${loadavg()[0].toFixed(2)}`);
  const t = createTestDeps();
  try {
    const caller = callerAs(t.deps);
    const template = generateDag(1000);
    const { id } = await caller.template.save({ template });
    await caller.run.simulate({ templateId: id, variables: { goal: "g" } });
    const saved = await medianMs(() => caller.run.simulate({ templateId: id, variables: { goal: "g" } }), 15, 2);
    const draft = await medianMs(() => caller.run.simulate({ template, variables: { goal: "g" } }), 15, 2);
    console.log(`run.simulate, 1,000 nodes, saved template: median ${fmt(saved)} (goal < 100 ms)`);
    console.log(`run.simulate, 1,000 nodes, draft (parsed each call): median ${fmt(draft)}`);
  } finally {
    t.cleanup();
  }
}
