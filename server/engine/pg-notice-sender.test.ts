/**
 * The notice sender over a stand-in pool (what it sends is the point, not PostgreSQL — the bus's tests send
 * real notices): one statement per turn with a notice per run, one statement in flight, a failed one sent
 * again with what came meanwhile, a line logged when sending fails and when it works again.
 */
import type { Pool } from "pg";
import { describe, expect, it } from "vitest";
import { until } from "@/server/test-support/until";
import { NoticeSender } from "./pg-notice-sender";

/** A pool whose `query` answers are settled by the test: `sent` holds each statement's payloads. */
function standInPool() {
  const sent: string[][] = [];
  const answers: { resolve: () => void; reject: (err: Error) => void }[] = [];
  const query = (_text: string, values: [string, string[]]) => {
    sent.push(values[1]);
    return new Promise<void>((resolve, reject) => answers.push({ resolve, reject }));
  };
  return { pool: { query } as unknown as Pool, sent, answers };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("NoticeSender", () => {
  it("sends what one turn adds as one statement, one notice per run with its first and last id", async () => {
    const { pool, sent, answers } = standInPool();
    const sender = new NoticeSender(pool, "bus1", () => {});
    sender.add("run_a", 4);
    sender.add("run_b", 1);
    sender.add("run_a", 5);
    sender.add("run_a", 6);
    await turn();
    expect(sent).toEqual([["bus1:run_a:4:6", "bus1:run_b:1:1"]]);
    answers[0].resolve();
    await sender.close();
  });

  it("keeps one statement in flight: what comes meanwhile goes out after it, together", async () => {
    const { pool, sent, answers } = standInPool();
    const sender = new NoticeSender(pool, "bus1", () => {});
    sender.add("run_a", 1);
    await turn();
    sender.add("run_a", 2);
    await turn();
    sender.add("run_a", 3);
    await turn();
    expect(sent).toEqual([["bus1:run_a:1:1"]]);
    answers[0].resolve();
    await until(
      () => Promise.resolve(sent.length),
      (n) => n === 2,
    );
    expect(sent[1]).toEqual(["bus1:run_a:2:3"]);
    answers[1].resolve();
    await sender.close();
  });

  it("sends a failed statement's notices again, merged with the new ones; one line when failing, one when back", async () => {
    const { pool, sent, answers } = standInPool();
    const lines: string[] = [];
    const sender = new NoticeSender(pool, "bus1", (l) => lines.push(l));
    sender.add("run_a", 1);
    await turn();
    answers[0].reject(new Error("server gone"));
    await until(
      () => Promise.resolve(lines.length),
      (n) => n === 1,
    );
    sender.add("run_a", 2);
    sender.add("run_b", 1);
    await until(
      () => Promise.resolve(sent.length),
      (n) => n === 2,
    );
    expect(sent[1]).toEqual(["bus1:run_a:1:2", "bus1:run_b:1:1"]);
    answers[1].resolve();
    await until(
      () => Promise.resolve(lines.length),
      (n) => n === 2,
    );
    expect(lines).toEqual([
      "wf event bus: could not notify other servers (server gone); trying again",
      "wf event bus: notifying other servers works again",
    ]);
    await sender.close();
  });

  it("close sends what is still pending", async () => {
    const { pool, sent, answers } = standInPool();
    const sender = new NoticeSender(pool, "bus1", () => {});
    sender.add("run_a", 1);
    const closed = sender.close();
    await turn();
    expect(sent).toEqual([["bus1:run_a:1:1"]]);
    answers[0].resolve();
    await closed;
  });
});
