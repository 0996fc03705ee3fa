import http from "node:http";
import os from "node:os";
import type { AddressInfo } from "node:net";
import { getEventListeners } from "node:events";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { createEngineHarness, type EngineHarness } from "@/server/test-support/engine-harness";
import { REPLAY_PAGE_SIZE, tailRunEvents } from "./tail-run-events";
import { truncateUtf8 } from "./execute-node";
import { spawnProcess } from "@/server/sandbox/spawn-process";

let h: EngineHarness | undefined;
afterEach(() => {
  h?.close();
  h = undefined;
});

let server: http.Server;
let base = "";
beforeAll(async () => {
  // A body far larger than the cap, sent in many chunks.
  server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/plain" });
    for (let i = 0; i < 64; i++) res.write("x".repeat(64 * 1024));
    res.end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("bounded memory", () => {
  it("finished runs leave the engine's memory; they are still readable and can be re-run", async () => {
    h = createEngineHarness();
    //  A → B
    const t = buildTemplate().node("A").node("B").chain("A", "B").done();
    const ids = Array.from({ length: 20 }, () => h!.engine.startRun({ template: t }).runId);
    const states = await Promise.all(ids.map((id) => h!.engine.settled(id)));
    expect(states.every((s) => s.status === "succeeded")).toBe(true);
    await new Promise((r) => setImmediate(r));
    expect(h.engine.activeRunCount).toBe(0);
    expect(h.engine.getState(ids[0])?.nodes.B.status).toBe("done");
    h.engine.rerunFrom(ids[0], "B", true);
    expect((await h.engine.settled(ids[0])).status).toBe("succeeded");
    const startsOfB = h.store
      .eventsAfter(ids[0], 0)
      .filter((e) => e.event.type === "node.started" && e.event.nodeId === "B");
    expect(startsOfB).toHaveLength(2);
  });

  it("an HTTP body is read up to the output cap, never whole", async () => {
    h = createEngineHarness({ maxOutputBytes: 100_000 });
    //  A (http)
    const t = buildTemplate()
      .node("A", { type: "http", url: `${base}/big` })
      .done();
    const state = await h.engine.settled(h.engine.startRun({ template: t }).runId);
    expect(state.nodes.A.status).toBe("done");
    expect(state.nodes.A.output).toHaveLength(100_000);
  });

  it("logs are capped in bytes, never cutting a character; a character split between chunks is logged whole", async () => {
    expect(truncateUtf8("ééé", 3)).toBe("é");
    expect(Buffer.byteLength(truncateUtf8("€".repeat(100), 10))).toBe(9);
    const chunks: string[] = [];
    // "€" is E2 82 AC: its first byte and the rest arrive in separate chunks.
    await spawnProcess({
      command: "printf '\\342'; sleep 0.2; printf '\\202\\254'",
      cwd: os.tmpdir(),
      env: process.env,
      onChunk: (_s, text) => chunks.push(text),
    });
    expect(chunks.join("")).toBe("€");
  });

  it("a live event stream replays in pages and holds one abort listener however often it wakes", async () => {
    h = createEngineHarness();
    //  L1 → L2 → L3 → L4 (loops of 100 iterations, the limit, without a body: many events, no processes)
    const body = { type: "loop", max_iter: 100, args_template: undefined };
    const t = buildTemplate()
      .node("L1", body)
      .node("L2", body)
      .node("L3", body)
      .node("L4", body)
      .chain("L1", "L2", "L3", "L4")
      .done();
    const { runId } = h.engine.startRun({ template: t });
    await h.engine.settled(runId);
    const stored = h.store.eventsAfter(runId, 0);
    expect(stored.length).toBeGreaterThan(REPLAY_PAGE_SIZE);
    const ac = new AbortController();
    const seen: number[] = [];
    const stream = tailRunEvents(h.store, h.bus, runId, 0, ac.signal);
    for await (const e of stream) {
      seen.push(e.id);
      if (seen.length === stored.length) break;
    }
    expect(seen).toEqual(stored.map((e) => e.id));
    // Tail: many wake-ups, one listener at a time.
    const tail = tailRunEvents(h.store, h.bus, runId, stored.at(-1)!.id, ac.signal);
    const next = tail.next();
    for (let i = 1; i <= 50; i++) {
      h.bus.publish({ id: stored.at(-1)!.id + i, runId, event: { type: "run.started", at: i } });
      expect(getEventListeners(ac.signal, "abort").length).toBeLessThanOrEqual(1);
    }
    expect((await next).value?.id).toBe(stored.at(-1)!.id + 1);
    for (let i = 2; i <= 50; i++) expect((await tail.next()).value?.id).toBe(stored.at(-1)!.id + i);
    const pending = tail.next();
    await new Promise((r) => setImmediate(r));
    expect(getEventListeners(ac.signal, "abort").length).toBe(1);
    ac.abort();
    expect((await pending).done).toBe(true);
    expect(getEventListeners(ac.signal, "abort").length).toBe(0);
  });
});
