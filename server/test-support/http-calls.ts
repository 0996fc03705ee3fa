/**
 * Test helper: tRPC over real HTTP against a test server's base URL — POST a mutation, GET a query,
 * read the session cookie, and open a `live.watch` SSE stream that resolves once the server ends it.
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
  /** An open `live.watch` stream: `ended` resolves with everything received once the server closes it. */
  async function openWatch(headers: Record<string, string>) {
    const input = encodeURIComponent(JSON.stringify({ approvals: true }));
    const res = await fetch(`${base}/live.watch?input=${input}`, {
      headers: { accept: "text/event-stream", ...headers },
    });
    if (res.status !== 200) throw new Error(`live.watch answered ${res.status}: ${await res.text()}`);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    let markReady!: () => void;
    const ready = new Promise<void>((resolve) => (markReady = resolve));
    const ended = (async () => {
      try {
        for (let r = await reader.read(); !r.done; r = await reader.read()) {
          text += decoder.decode(r.value, { stream: true });
          if (text.includes('"kind":"ready"')) markReady();
        }
      } catch (err) {
        // Only a stream the test cancels, or one still open when the server stops, ends this way.
        text += `\n[read failed: ${String(err)}]`;
      }
      return text;
    })();
    await ready;
    return { ended, cancel: () => reader.cancel() };
  }
  return { post, get, openWatch };
}

/** `{ cookie }` headers carrying the session a response's Set-Cookie started. */
export function cookieOf(res: Response): { cookie: string } {
  return { cookie: res.headers.get("set-cookie")!.split(";")[0]! };
}
