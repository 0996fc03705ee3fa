/**
 * Fuzz every procedure's input over HTTP as an admin (fast-check): whatever arrives — wrong types,
 * nested junk, huge numbers, odd strings — the answer is a typed 4xx or a success, never a 500 and
 * never a stack trace.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROCEDURE_KINDS } from "@/server/api/procedure-kinds";
import { startApiTestServer } from "@/server/test-support/api-test-server";
import { authHeaders, type TrpcHttpServer } from "@/server/test-support/trpc-http-server";

let http: TrpcHttpServer;
let stop: () => Promise<void>;
beforeAll(async () => {
  ({ http, stop } = await startApiTestServer());
});
afterAll(() => stop());

/** Plausible-looking objects as well as pure junk, so inputs also get past the first zod check. */
const input = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(
      "id",
      "runId",
      "templateId",
      "nodeId",
      "approvalId",
      "name",
      "email",
      "text",
      "template",
      "limit",
      "cursor",
      "lastEventId",
      "afterEventId",
      "status",
      "decision",
      "format",
      "roles",
      "value",
      "password",
    ),
    fc.jsonValue({ maxDepth: 2 }),
    { maxKeys: 4 },
  ),
);

async function send(path: string, value: unknown): Promise<{ status: number; body: string }> {
  const type = PROCEDURE_KINDS[path];
  const ac = new AbortController();
  const res =
    type === "mutation"
      ? await fetch(`${http.base}/${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", ...authHeaders() },
          body: JSON.stringify(value),
        })
      : await fetch(`${http.base}/${path}?input=${encodeURIComponent(JSON.stringify(value))}`, {
          headers: authHeaders(),
          signal: ac.signal,
        });
  if (res.headers.get("content-type")?.includes("text/event-stream")) {
    // A subscription that accepted its input: its first event says whether it then failed.
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    ac.abort();
    return { status: first.includes('"httpStatus":500') ? 500 : res.status, body: first };
  }
  return { status: res.status, body: await res.text() };
}

describe("fuzzing every procedure's input over HTTP", () => {
  for (const path of Object.keys(PROCEDURE_KINDS))
    it(path, async () => {
      await fc.assert(
        fc.asyncProperty(input, async (value) => {
          const { status, body } = await send(path, value);
          expect(status, `${path} ${JSON.stringify(value).slice(0, 200)} → ${body.slice(0, 300)}`).toBeLessThan(500);
          expect(body).not.toMatch(/\n\s+at .+:\d+:\d+/);
          expect(body).not.toContain('"stack"');
        }),
        { numRuns: 25 },
      );
    });
});
