/**
 * Values stay data in http nodes, through the real engine against real HTTP servers on 127.0.0.1:
 * a JSON body keeps each value inside its string, a header value cannot start another header, and
 * a value in the URL's authority never moves the request to another host. A refused value fails
 * the node with the field and the reference, and no request is sent anywhere.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTemplate } from "@/lib/workflow/test-support/template-builder";
import { createEngineHarness, type EngineHarness } from "@/server/test-support/engine-harness";

interface Seen {
  host: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A server that records every request it gets. */
async function recordingServer() {
  const seen: Seen[] = [];
  const server = http.createServer(async (req, res) => {
    let body = "";
    for await (const c of req) body += String(c);
    seen.push({ host: req.headers.host ?? "", url: req.url ?? "", headers: req.headers, body });
    res.end("ok");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  return { seen, port: (server.address() as AddressInfo).port, close: () => new Promise((r) => server.close(r)) };
}

let api: Awaited<ReturnType<typeof recordingServer>>;
let evil: Awaited<ReturnType<typeof recordingServer>>;
beforeAll(async () => {
  [api, evil] = [await recordingServer(), await recordingServer()];
});
afterAll(async () => {
  await Promise.all([api.close(), evil.close()]);
});

let h: EngineHarness;
beforeEach(() => {
  h = createEngineHarness();
  api.seen.length = 0;
  evil.seen.length = 0;
});
afterEach(() => h.close());

/** One http node A with `fields`, run with `variables`; resolves A's final state. */
async function runHttp(fields: Record<string, unknown>, variables: Record<string, string>) {
  const schema = Object.fromEntries(Object.keys(variables).map((k) => [k, { type: "string", required: false }]));
  const t = buildTemplate()
    .with({ context_schema: schema })
    .node("A", { type: "http", ...fields })
    .done();
  const state = await h.engine.settled(h.engine.startRun({ template: t, variables }).runId);
  return state.nodes.A;
}

const INJECTIONS = [
  '", "admin": true, "x": "',
  'quote " backslash \\ end',
  "line\nbreak\r\n\ttab",
  "\u0000\u001f control",
  "}{",
  "{not_a_ref}",
  "ünïcødé ✓ \u2028",
];

describe("http node values stay data", () => {
  it("a JSON body keeps every value inside its string (declared JSON or JSON by shape)", async () => {
    for (const headers of [{ "content-type": "application/json" }, {}])
      for (const text of INJECTIONS) {
        api.seen.length = 0;
        const node = await runHttp(
          { url: `http://127.0.0.1:${api.port}/hook`, headers, body: '{"msg": "{text}", "n": 1}' },
          { text },
        );
        expect(node.status, `${JSON.stringify(text)}: ${node.error}`).toBe("done");
        expect(JSON.parse(api.seen[0]!.body), JSON.stringify(text)).toEqual({ msg: text, n: 1 });
      }
  });

  it("a reference outside a JSON string must be one JSON value, else nothing is sent", async () => {
    const url = `http://127.0.0.1:${api.port}/hook`;
    const ok = await runHttp({ url, body: '{"count": {n}, "tags": {tags}}' }, { n: "3", tags: '["a","b"]' });
    expect(ok.status).toBe("done");
    expect(JSON.parse(api.seen[0]!.body)).toEqual({ count: 3, tags: ["a", "b"] });
    const bad = await runHttp({ url, body: '{"count": {n}}' }, { n: '1, "admin": true' });
    expect(bad.status).toBe("failed");
    expect(bad.error).toMatch(
      /^body: \{n\} stands outside a JSON string .* write "\{n\}" to send it as a string; nothing was sent$/,
    );
    expect(api.seen).toHaveLength(1);
  });

  it("a header value with a line break is refused; a form body is URL-encoded; plain text goes as it is", async () => {
    const url = `http://127.0.0.1:${api.port}/hook`;
    for (const value of ["a\r\nX-Admin: 1", "a\nb", "a\rb", "a\u0000b"]) {
      const node = await runHttp({ url, headers: { "x-note": "{v}" } }, { v: value });
      expect(node.status).toBe("failed");
      expect(node.error).toMatch(/^headers: header x-note: the value of \{v\} holds a line break or NUL/);
    }
    expect(api.seen).toHaveLength(0);
    await runHttp(
      { url, headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "a={v}&b=2" },
      { v: "x&b=3" },
    );
    expect(new URLSearchParams(api.seen[0]!.body).getAll("b")).toEqual(["2"]);
    await runHttp({ url, headers: { "content-type": "text/plain" }, body: "say {v}" }, { v: '", "x": "' });
    expect(api.seen[1]!.body).toBe('say ", "x": "');
  });

  it("a value in the URL's authority never changes the host: refused, nothing sent anywhere", async () => {
    const hostile = [
      `${api.port}@127.0.0.1:${evil.port}`,
      `${api.port}/@127.0.0.1:${evil.port}`,
      `${api.port}#@127.0.0.1:${evil.port}`,
      `${api.port}\\@127.0.0.1:${evil.port}`,
      `${api.port}?@127.0.0.1:${evil.port}`,
      `${evil.port}.1`,
    ];
    for (const port of hostile) {
      const node = await runHttp({ url: "http://localhost:{port}/items" }, { port });
      expect(node.status, port).toBe("failed");
      expect(node.error).toMatch(/^url: \{port\} stands in the URL's port and must be digits/);
    }
    for (const host of ["localhost@127.0.0.1", "evil.example/x", "a#b", "%40evil", "a b"]) {
      const node = await runHttp({ url: `http://{host}:${api.port}/` }, { host });
      expect(node.status, host).toBe("failed");
      expect(node.error).toMatch(/host part and may only hold host-name characters/);
    }
    expect([...api.seen, ...evil.seen]).toEqual([]);
    // A port that is a port, and path and query values encoded: the request goes where it says.
    const ok = await runHttp(
      { url: `http://127.0.0.1:{port}/items/{id}?q={q}` },
      { port: String(api.port), id: "a/../b", q: "x&admin=1" },
    );
    expect(ok.status, ok.error).toBe("done");
    expect(api.seen[0]!.url).toBe("/items/a%2F..%2Fb?q=x%26admin%3D1");
    expect(evil.seen).toEqual([]);
  });
});
