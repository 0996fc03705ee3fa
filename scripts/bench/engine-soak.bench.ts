/**
 * Soak: 5,000 runs through one engine (each a real shell node, a checkpoint and a gate, 50 runs in
 * flight at a time), RSS after a forced GC sampled after the first 500 and after the last: finished
 * runs must leave memory, so the two stay within 10 %. `WF_SOAK_RUNS` changes the count.
 */
import v8 from "node:v8";
import vm from "node:vm";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { createEngineHarness } from "@/server/test-support/engine-harness";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

function rssAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().rss;
}

const mb = (b: number) => `${(b / 2 ** 20).toFixed(1)} MB`;

export default async function engineSoak(): Promise<void> {
  const total = Number(process.env.WF_SOAK_RUNS) || 5000;
  const inFlight = 50;
  const h = createEngineHarness();
  //  S (echo {who}) → CP (checkpoint) → G (gate on S's output) → yes: Y | else: N
  const t = buildTemplate()
    .vars("who")
    .node("S", { args_template: "echo {who}" })
    .node("CP", { type: "checkpoint", auto_continue: true })
    .node("G", { type: "gate", condition: "{S.output}" })
    .node("Y", { type: "checkpoint", auto_continue: true })
    .node("N", { type: "checkpoint", auto_continue: true })
    .chain("S", "CP", "G")
    .edge("G", "Y", "ann")
    .edge("G", "N", "else")
    .done();
  const t0 = performance.now();
  let started = 0;
  let finished = 0;
  let afterFirst = 0;
  const samples: [number, number][] = [];
  const worker = async () => {
    while (started < total) {
      started++;
      const { runId } = h.engine.startRun({ template: t, variables: { who: "ann" } });
      const s = await h.engine.settled(runId);
      if (s.status !== "succeeded") throw new Error(`run ${runId} ended ${s.status}: ${s.error}`);
      finished++;
      if (finished === 500) afterFirst = rssAfterGc();
      if (finished % 1000 === 0) samples.push([finished, rssAfterGc()]);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  await new Promise((r) => setImmediate(r));
  const afterLast = rssAfterGc();
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `${total} runs in ${seconds.toFixed(1)} s (${(total / seconds).toFixed(0)} runs/s), ${inFlight} in flight`,
  );
  console.log(
    `RSS after GC: after 500 runs ${mb(afterFirst)}; ${samples.map(([n, r]) => `${n}: ${mb(r)}`).join(", ")}`,
  );
  const drift = (afterLast - afterFirst) / afterFirst;
  console.log(
    `after the last: ${mb(afterLast)} (${drift >= 0 ? "+" : ""}${(drift * 100).toFixed(1)} % vs after 500; budget 10 %)` +
      `; runs held in memory at the end: ${h.engine.activeRunCount}`,
  );
  h.close();
}
