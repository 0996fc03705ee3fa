/**
 * Node flags of the `next start` process that `wf serve` (and `npm start`) runs; `npm run bench:api`
 * starts its server with the same ones. V8 lets the old generation grow to up to about four times what
 * survived the last full collection before it collects again, so under steady load a server whose live
 * heap is ~70–100 MB sat at ~400 MB of RSS, most of it garbage. A fixed growth factor of 1.5 keeps that
 * garbage near half the live heap: after 10,000 one-node runs ~235 MB instead of ~400 MB, with the same
 * runs/s (full collections are more frequent but small, and mostly concurrent). No hard cap
 * (`--max-old-space-size`): a large import may need more heap for a moment, and a cap would crash the
 * server there. `WF_SERVER_NODE_FLAGS` replaces them (space-separated; empty for none).
 */
export function serverNodeFlags(env: Record<string, string | undefined> = process.env): string[] {
  const custom = env.WF_SERVER_NODE_FLAGS;
  return (custom ?? "--heap-growing-percent=50").split(" ").filter(Boolean);
}
