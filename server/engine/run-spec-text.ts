/**
 * How a run's template and plan JSON are kept in `run_specs`: as written, or — past `PACK_ABOVE` characters
 * (a large run's) — deflated on the thread pool and stored as `wf-deflate:<base64>`. Storing a
 * 100,000-node run's 23 MB of JSON held the event loop ~150 ms inside its first commit; deflated it is
 * ~1.5 MB (decision 056). JSON never starts with `w`, so a stored text says which it is.
 */
import { promisify } from "node:util";
import zlib from "node:zlib";

export const PACK_ABOVE = 1 << 20;

const PREFIX = "wf-deflate:";
const deflateRaw = promisify(zlib.deflateRaw);

/** The text to store for `json`: itself when small, else deflated (off the event loop). */
export async function packSpecText(json: string): Promise<string> {
  if (json.length <= PACK_ABOVE) return json;
  const packed = await deflateRaw(Buffer.from(json), { level: 1 });
  return PREFIX + packed.toString("base64");
}

/** The JSON a stored text holds (either form). */
export function unpackSpecText(stored: string): string {
  if (!stored.startsWith(PREFIX)) return stored;
  return zlib.inflateRawSync(Buffer.from(stored.slice(PREFIX.length), "base64")).toString();
}
