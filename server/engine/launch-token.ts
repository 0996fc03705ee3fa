/**
 * A launched attempt's identity across processes: one random token per AbortController the engine makes for an
 * attempt (the engine itself tells attempts apart by their controller). `runId:nodeId:attempt` is not enough on
 * its own: a re-run starts counting attempts again, and a precondition approval launches the same attempt twice.
 */
import { randomBytes } from "node:crypto";

const tokens = new WeakMap<AbortController, string>();

export function launchToken(controller: AbortController): string {
  let token = tokens.get(controller);
  if (!token) {
    token = randomBytes(9).toString("base64url");
    tokens.set(controller, token);
  }
  return token;
}
