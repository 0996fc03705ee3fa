/**
 * Test helper: tRPC over real HTTP against a test server's base URL — POST a mutation, GET a query,
 * read the session cookie, and open a `live.watch` SSE stream to read until some text arrives or the server ends it.
 */
export function httpCalls(base: string) {
  const post = (path: string, input: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(input),
    });
  const get = (path: string, headers: Record<string, string> = {}, input?: unknown) =>
    fetch(`${base}/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, {
      headers,
    });
  /**
   * An open `live.watch` stream (by default the approvals count), resolved once `ready` arrived: `until(text)`
   * resolves with everything received so far once `text` is in it; `ended` with everything once the server
   * closes it.
   */
  async function openWatch(headers: Record<string, string>, watch: Record<string, unknown> = { approvals: true }) {
    const input = encodeURIComponent(JSON.stringify(watch));
    const res = await fetch(`${base}/live.watch?input=${input}`, {
      headers: { accept: "text/event-stream", ...headers },
    });
    if (res.status !== 200) throw new Error(`live.watch answered ${res.status}: ${await res.text()}`);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const waiting = new Set<() => void>();
    const until = (wanted: string) =>
      new Promise<string>((resolve) => {
        const check = () => {
          if (!text.includes(wanted)) return;
          waiting.delete(check);
          resolve(text);
        };
        waiting.add(check);
        check();
      });
    const ended = (async () => {
      try {
        for (let r = await reader.read(); !r.done; r = await reader.read()) {
          text += decoder.decode(r.value, { stream: true });
          for (const check of [...waiting]) check();
        }
      } catch (err) {
        // Only a stream the test cancels, or one still open when the server stops, ends this way.
        text += `\n[read failed: ${String(err)}]`;
      }
      return text;
    })();
    await until('"kind":"ready"');
    return { ended, until, cancel: () => reader.cancel() };
  }
  return { post, get, openWatch };
}

/** `{ cookie }` headers carrying the session a response's Set-Cookie started. */
export function cookieOf(res: Response): { cookie: string } {
  return { cookie: res.headers.get("set-cookie")!.split(";")[0]! };
}
