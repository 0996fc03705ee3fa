/**
 * Fire notices reach a live stream that asked for triggers (`live.watch { triggers: true }`), in order,
 * after `ready`; a stream that did not ask gets none.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { FireNotice } from "@/lib/triggers/trigger-schema";
import { watchLive, type LiveMessage } from "@/server/engine/watch-live";
import { createTestDeps, type TestDeps } from "@/server/test-support/test-deps";

let t: TestDeps | undefined;
afterEach(() => t?.cleanup());

const notice = (outcome: FireNotice["outcome"], reason?: string): FireNotice => ({
  triggerId: "trg_x",
  kind: "webhook",
  templateId: "tpl_x",
  templateName: "X",
  outcome,
  ...(reason ? { reason } : {}),
  at: new Date(0).toISOString(),
});

async function take(stream: AsyncGenerator<LiveMessage>, n: number): Promise<LiveMessage[]> {
  const out: LiveMessage[] = [];
  while (out.length < n) out.push((await stream.next()).value as LiveMessage);
  return out;
}

describe("fire notices on the live channel", () => {
  it("a stream with triggers: true gets each fire after ready; one without gets none", async () => {
    t = createTestDeps();
    const { sql, runStore: store, bus } = t.deps;
    const fires = t.deps.triggers.ctx.notices;
    const deps = { sql, store, bus, fires };
    const abort = new AbortController();
    const watching = watchLive(deps, { triggers: true }, abort.signal);
    const other = watchLive(deps, { runs: true }, abort.signal);
    expect(await take(watching, 1)).toEqual([{ kind: "ready" }]);
    expect(await take(other, 1)).toEqual([{ kind: "ready" }]);
    const next = take(watching, 2);
    fires.publish(notice("refused", "bad signature"));
    fires.publish(notice("started"));
    expect(await next).toEqual([
      { kind: "trigger-fire", fire: notice("refused", "bad signature") },
      { kind: "trigger-fire", fire: notice("started") },
    ]);
    // The other stream is still waiting: a fire is not one of its messages.
    const pending = other.next();
    const raced = await Promise.race([pending.then(() => "message"), Promise.resolve("waiting")]);
    expect(raced).toBe("waiting");
    abort.abort();
    await watching.return(undefined);
  });
});
