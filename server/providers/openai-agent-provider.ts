/**
 * An OpenAI-compatible chat completions endpoint (OpenAI, vLLM, Ollama, LM Studio, llama.cpp …):
 * POST `<baseUrl>/chat/completions` with fetch; JSON mode via `response_format`; timeout and
 * abort through one AbortSignal.
 */
import { readBodyCapped } from "./read-body-capped";
import { AgentProviderError } from "./agent-provider-error";
import { DEFAULT_AGENT_TIMEOUT_MS, type AgentProvider, type AgentRequest, type AgentResponse } from "./agent-provider";
import { safeTimeoutSignal } from "@/server/timers/safe-timeout";

export interface OpenAiAgentProviderConfig {
  name: string;
  /** e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
  model: string;
  /** Sent as a bearer token when set (local servers often need none). */
  apiKey?: string;
  timeoutMs?: number;
}

interface ChatCompletion {
  id?: string;
  choices?: { message?: { content?: unknown } }[];
}

export function createOpenAiAgentProvider(config: OpenAiAgentProviderConfig): AgentProvider {
  const { name } = config;
  const url = `${config.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  return {
    name,
    kind: "openai",
    async complete(request: AgentRequest): Promise<AgentResponse> {
      const timeoutMs = request.timeoutMs ?? config.timeoutMs ?? DEFAULT_AGENT_TIMEOUT_MS;
      const timeout = timeoutMs ? safeTimeoutSignal(timeoutMs) : undefined;
      const signals = [request.signal, timeout].filter((s): s is AbortSignal => !!s);
      const messages = [
        ...(request.system ? [{ role: "system", content: request.system }] : []),
        { role: "user", content: request.prompt },
      ];
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: config.model,
            messages,
            stream: false,
            ...(request.json ? { response_format: { type: "json_object" } } : {}),
          }),
          signal: signals.length ? AbortSignal.any(signals) : undefined,
        });
      } catch (err) {
        if (timeout?.aborted) throw new AgentProviderError(name, "timeout", `no answer within ${timeoutMs} ms`);
        if (request.signal?.aborted) throw new AgentProviderError(name, "aborted", "aborted");
        throw new AgentProviderError(name, "http", err instanceof Error ? err.message : String(err));
      }
      let body: string;
      // Read up to a bound (the answer's cap, plus room for the JSON around it), never whole.
      const maxBytes = 4 * (request.maxOutputBytes ?? 1 << 20);
      try {
        const read = await readBodyCapped(response, maxBytes);
        if (read.truncated)
          throw new AgentProviderError(name, "invalid-response", `the answer is larger than ${maxBytes} bytes`);
        body = read.text;
      } catch (err) {
        if (err instanceof AgentProviderError) throw err;
        const reason = timeout?.aborted ? "timeout" : request.signal?.aborted ? "aborted" : "http";
        throw new AgentProviderError(name, reason, "the answer was cut off");
      }
      if (!response.ok) throw new AgentProviderError(name, "http", `HTTP ${response.status}: ${body.slice(0, 300)}`);
      let parsed: ChatCompletion;
      try {
        parsed = JSON.parse(body) as ChatCompletion;
      } catch {
        throw new AgentProviderError(name, "invalid-response", "the endpoint did not answer JSON");
      }
      const content = parsed.choices?.[0]?.message?.content;
      if (typeof content !== "string") {
        throw new AgentProviderError(name, "invalid-response", "no choices[0].message.content in the answer");
      }
      request.onChunk?.(content);
      return { text: content, ...(parsed.id ? { sessionId: parsed.id } : {}) };
    },
  };
}
