/** Bounded reads of HTTP bodies, shared by the engine's http nodes and the OpenAI-compatible provider. */

/** Reads a response body up to `maxBytes` as it streams in, then cancels the rest (never the whole body). */
export async function readBodyCapped(res: Response, maxBytes: number): Promise<{ text: string; truncated: boolean }> {
  if (!res.body) return { text: "", truncated: false };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - size;
    if (value.length > room) {
      chunks.push(value.subarray(0, room));
      size += room;
      truncated = true;
      await reader.cancel();
      break;
    }
    chunks.push(value);
    size += value.length;
  }
  // A multi-byte character cut at the cap decodes as U+FFFD at the very end; drop it.
  const text = new TextDecoder().decode(Buffer.concat(chunks));
  return { text: truncated ? text.replace(/\uFFFD$/, "") : text, truncated };
}
