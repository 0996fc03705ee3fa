import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AgentProviderError } from "./agent-provider-error";
import { createOpenAiAgentProvider } from "./openai-agent-provider";

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let handler: Handler;
const seen: { url?: string; auth?: string; body?: Record<string, unknown> }[] = [];

beforeEach(async () => {
  seen.length = 0;
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      seen.push({ url: req.url, auth: req.headers.authorization, body: JSON.parse(body) as Record<string, unknown> });
      handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const answer = (content: unknown) => JSON.stringify({ id: "chatcmpl-1", choices: [{ message: { content } }] });

describe("OpenAI-compatible provider against a local HTTP server", () => {
  it("posts a chat completion in JSON mode with the key and returns the content", async () => {
    handler = (_req, _body, res) => res.writeHead(200, { "content-type": "application/json" }).end(answer('{"a":1}'));
    const provider = createOpenAiAgentProvider({ name: "local", baseUrl, model: "m1", apiKey: "sk-test" });
    const chunks: string[] = [];
    const res = await provider.complete({
      prompt: "hi",
      system: "be brief",
      json: true,
      onChunk: (c) => chunks.push(c),
    });
    expect(res).toEqual({ text: '{"a":1}', sessionId: "chatcmpl-1" });
    expect(chunks).toEqual(['{"a":1}']);
    expect(seen[0].url).toBe("/v1/chat/completions");
    expect(seen[0].auth).toBe("Bearer sk-test");
    expect(seen[0].body).toMatchObject({
      model: "m1",
      response_format: { type: "json_object" },
      messages: [
        { role: "system", content: "be brief" },
        { role: "user", content: "hi" },
      ],
    });
  });

  it("sends no authorization header and no response_format when not asked", async () => {
    handler = (_req, _body, res) => res.writeHead(200).end(answer("plain"));
    const provider = createOpenAiAgentProvider({ name: "local", baseUrl, model: "m1" });
    expect((await provider.complete({ prompt: "hi" })).text).toBe("plain");
    expect(seen[0].auth).toBeUndefined();
    expect(seen[0].body).not.toHaveProperty("response_format");
  });

  it.each([
    ["an HTTP error", (res: ServerResponse) => res.writeHead(500).end("boom"), "http"],
    ["a body that is not JSON", (res: ServerResponse) => res.writeHead(200).end("<html>"), "invalid-response"],
    ["JSON without choices", (res: ServerResponse) => res.writeHead(200).end("{}"), "invalid-response"],
  ])("rejects %s with a typed reason", async (_label, reply, reason) => {
    handler = (_req, _body, res) => reply(res);
    const provider = createOpenAiAgentProvider({ name: "local", baseUrl, model: "m1" });
    const err = await provider.complete({ prompt: "hi" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AgentProviderError);
    expect((err as AgentProviderError).reason).toBe(reason);
  });

  it("times out when the server never answers", async () => {
    handler = () => {}; // hold the request open
    const provider = createOpenAiAgentProvider({ name: "local", baseUrl, model: "m1", timeoutMs: 150 });
    const err = await provider.complete({ prompt: "hi" }).catch((e: unknown) => e);
    expect((err as AgentProviderError).reason).toBe("timeout");
  });

  it("stops when the caller aborts", async () => {
    handler = () => {};
    const provider = createOpenAiAgentProvider({ name: "local", baseUrl, model: "m1" });
    const ac = new AbortController();
    const pending = provider.complete({ prompt: "hi", signal: ac.signal }).catch((e: unknown) => e);
    setTimeout(() => ac.abort(), 50);
    expect(((await pending) as AgentProviderError).reason).toBe("aborted");
  });
});
