import { describe, expect, it } from "vitest";
import { beatPayloads, nodeJobKey, parseBeat } from "./node-jobs";

describe("worker heartbeats", () => {
  it("name the worker and its attempts, and read back as written", () => {
    const keys = [nodeJobKey({ runId: "run_a", nodeId: "N1", attempt: 1 }), "run_b:N2:3"];
    const [one] = beatPayloads("w-1", keys);
    expect(one).toBe("w-1 run_a:N1:1 run_b:N2:3");
    expect(parseBeat(one)).toEqual({ workerId: "w-1", launches: keys });
  });

  it("split a long list so no payload passes the limit, every attempt in one of them", () => {
    const keys = Array.from({ length: 50 }, (_, i) => `run_${i}:node-${i}:1`);
    const payloads = beatPayloads("worker-7", keys, 120);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(p.length).toBeLessThanOrEqual(120);
    expect(payloads.flatMap((p) => parseBeat(p).launches)).toEqual(keys);
    expect(new Set(payloads.map((p) => parseBeat(p).workerId))).toEqual(new Set(["worker-7"]));
  });

  it("an idle worker's beat names only itself", () => {
    expect(beatPayloads("w", [])).toEqual(["w"]);
    expect(parseBeat("w")).toEqual({ workerId: "w", launches: [] });
  });
});
