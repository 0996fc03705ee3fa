import { describe, expect, it } from "vitest";
import { beatPayloads, parseBeat } from "./node-jobs";

describe("worker heartbeats", () => {
  it("name the worker and its attempts, and read back as written", () => {
    const [one] = beatPayloads("w-1", ["tokA@owner-1", "tokB@host:4711@x"]);
    expect(one).toBe("w-1 tokA@owner-1 tokB@host:4711@x");
    expect(parseBeat(one)).toEqual({
      workerId: "w-1",
      launches: [
        { launch: "tokA", owner: "owner-1" },
        { launch: "tokB", owner: "host:4711@x" },
      ],
    });
  });

  it("split a long list so no payload passes the limit, every attempt in one of them", () => {
    const keys = Array.from({ length: 50 }, (_, i) => `run_${i}:node-${i}:1`);
    const payloads = beatPayloads("worker-7", keys, 120);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(p.length).toBeLessThanOrEqual(120);
    expect(payloads.flatMap((p) => parseBeat(p).launches.map((l) => l.launch))).toEqual(keys);
    expect(new Set(payloads.map((p) => parseBeat(p).workerId))).toEqual(new Set(["worker-7"]));
  });

  it("an idle worker's beat names only itself", () => {
    expect(beatPayloads("w", [])).toEqual(["w"]);
    expect(parseBeat("w")).toEqual({ workerId: "w", launches: [] });
  });
});
