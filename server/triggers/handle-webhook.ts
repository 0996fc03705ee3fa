/**
 * `POST /api/hooks/<triggerId>` (docs/triggers.md, "Webhooks"), the same for every deployment:
 * 1. an unknown or disabled trigger → 404; over 60 calls a minute for this trigger → 429;
 * 2. the body is read up to 1 MiB (a declared length over it is refused unread) → else 413;
 * 3. the signature (`hmac`) or bearer secret (`token`) must match → else 401, recorded `refused`;
 * 4. a repeated `Idempotency-Key` / `X-Wf-Delivery` answers the first call's run and starts nothing
 *    (unless that call's server stopped before starting its run: then this one is handled as new);
 *    every call is recorded before its run starts;
 * 5. the request is mapped into variables and the run started as the trigger's creator → 202 `{ runId }`;
 *    a creator without the editor role → 403, a required variable without a value or a body that is
 *    not JSON where the mapping reads it → 422, each recorded `refused`.
 */
import { bearerSecret, checkSignature, constantTimeEqual } from "@/lib/triggers/check-signature";
import { mapWebhookVariables } from "@/lib/triggers/map-webhook-variables";
import { SlidingWindowLimit } from "@/lib/triggers/sliding-window-limit";
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { withCappedBody } from "@/server/auth/request-guard";
import { newId } from "@/server/db/new-id";
import { afterFireWritten, recordFire } from "./record-fire";
import { startTriggerRun } from "./start-trigger-run";
import type { TriggerContext } from "./trigger-context";
import { RESUME_AFTER_MS, type TriggerFire, type TriggerListed } from "./trigger-store";
import { bodySignature, openWebhookSecret, sha256 } from "./webhook-secret";

export const MAX_WEBHOOK_BODY_BYTES = 1 << 20;
export const WEBHOOK_CALLS_PER_MINUTE = 60;
const MAX_DELIVERY_KEY = 200;

const CODES: Record<number, string> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  413: "PAYLOAD_TOO_LARGE",
  422: "UNPROCESSABLE_CONTENT",
  429: "TOO_MANY_REQUESTS",
  503: "SERVICE_UNAVAILABLE",
};

function answer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });
}

function refuse(status: number, message: string, extra: Record<string, unknown> = {}, headers = {}): Response {
  return answer(status, { error: { code: CODES[status], message, ...extra } }, headers);
}

/** The body up to `max` bytes, or undefined when it is longer (the rest is never read). */
async function readCapped(req: Request, max: number): Promise<Uint8Array | undefined> {
  const capped = await withCappedBody(req, max);
  if (!(capped instanceof Request)) return undefined;
  return new Uint8Array(await capped.arrayBuffer());
}

export class WebhookHandler {
  private readonly limit = new SlidingWindowLimit(WEBHOOK_CALLS_PER_MINUTE, 60_000);

  constructor(private readonly ctx: TriggerContext) {}

  async handle(req: Request, triggerId: string): Promise<Response> {
    if (req.method !== "POST") return refuse(405, "webhooks are called with POST", {}, { allow: "POST" });
    const t = await this.ctx.store.get(triggerId);
    if (!t || t.kind !== "webhook" || !t.enabled)
      return refuse(404, `no enabled webhook trigger ${triggerId.slice(0, 100)}`);
    const now = this.ctx.clock.now();
    const limited = this.limit.take(t.id, now);
    if (!limited.ok) {
      const seconds = Math.max(1, Math.ceil(limited.retryAfterMs / 1000));
      return refuse(
        429,
        `over ${WEBHOOK_CALLS_PER_MINUTE} calls a minute for this trigger`,
        {},
        { "retry-after": String(seconds) },
      );
    }
    const body = await readCapped(req, MAX_WEBHOOK_BODY_BYTES);
    if (!body) return refuse(413, `the body is larger than ${MAX_WEBHOOK_BODY_BYTES} bytes (1 MiB)`);
    const denied = this.authProblem(t, req.headers, body);
    if (denied) {
      await recordFire(this.ctx, t, { at: now, outcome: "refused", reason: denied });
      return refuse(401, denied);
    }
    const key = (req.headers.get("idempotency-key") ?? req.headers.get("x-wf-delivery"))?.trim() || undefined;
    if (key && key.length > MAX_DELIVERY_KEY)
      return refuse(400, `Idempotency-Key / X-Wf-Delivery is longer than ${MAX_DELIVERY_KEY} characters`);
    if (key) {
      const earlier = await this.ctx.store.findDelivery(t.id, key);
      if (earlier?.runId && !(await this.abandoned(earlier, now)))
        return answer(202, { runId: earlier.runId, duplicate: true });
    }
    return this.start(t, req, body, key, now);
  }

  /**
   * A delivery whose run never started, claimed long ago: its server stopped in between. It is recorded
   * `refused` and its key released, so this redelivery is handled as new (instead of answering a run
   * that does not exist).
   */
  private async abandoned(earlier: TriggerFire, now: number): Promise<boolean> {
    if (now - earlier.at <= RESUME_AFTER_MS || (await this.ctx.store.runStatus(earlier.runId!)) !== undefined)
      return false;
    const reason = "the server that took this delivery stopped before starting its run; a redelivery was handled";
    await this.ctx.store.settleDelivery(earlier.id, { outcome: "refused", reason });
    return true;
  }

  private authProblem(t: TriggerListed, headers: Headers, body: Uint8Array): string | undefined {
    if (!t.secretSealed) return "this webhook has no secret: rotate it to get one";
    const secret = openWebhookSecret(this.ctx.secretKey(), t.id, t.secretSealed);
    if (t.auth === "token") {
      const given = bearerSecret(headers.get("authorization"));
      if (!given.ok) return given.message;
      // Digests of equal length: the comparison tells nothing about the secret's length.
      return constantTimeEqual(sha256(given.secret), sha256(secret))
        ? undefined
        : "bad secret: the Authorization bearer does not match";
    }
    const check = checkSignature(headers.get("x-wf-signature"), bodySignature(secret, body));
    return check.ok ? undefined : check.message;
  }

  /** Step 5: map, record (claiming the delivery key), start, settle. */
  private async start(
    t: TriggerListed,
    req: Request,
    raw: Uint8Array,
    key: string | undefined,
    now: number,
  ): Promise<Response> {
    const url = new URL(req.url);
    const query: Record<string, string> = {};
    for (const [k, v] of url.searchParams) if (!Object.hasOwn(query, k)) query[k] = v;
    const headers: Record<string, string> = {};
    for (const [k, v] of req.headers) headers[k] = v;
    const mapped = mapWebhookVariables(t.variables, { body: new TextDecoder().decode(raw), headers, query });
    if (!mapped.ok) {
      await recordFire(this.ctx, t, { at: now, outcome: "refused", reason: mapped.message });
      return refuse(422, mapped.message, { variable: mapped.variable });
    }
    const runId = newId("run");
    // Recorded before the run starts, so a server that stops in between leaves a history row (never a run
    // without one). Under a key the row is the key's claim: of two calls racing with one key, one starts it.
    const claim = await this.ctx.store.claimDelivery({
      triggerId: t.id,
      at: now,
      outcome: "started",
      runId,
      deliveryKey: key ?? null,
    });
    if (!claim.claimed) return answer(202, { runId: claim.earlier.runId, duplicate: true });
    const result = await startTriggerRun(this.ctx, t, mapped.variables, runId);
    // A refused call frees its key: a corrected redelivery is handled as new.
    if (!result.ok) await this.ctx.store.settleDelivery(claim.fireId, { outcome: "refused", reason: result.reason });
    await afterFireWritten(
      this.ctx,
      t,
      result.ok ? { at: now, outcome: "started", runId } : { at: now, outcome: "refused", reason: result.reason },
    );
    if (result.ok) return answer(202, { runId });
    if (result.why === "creator") return refuse(403, result.reason);
    if (result.why === "template") return refuse(404, result.reason);
    if (result.why === "unavailable") return refuse(503, result.reason);
    return refuse(422, result.reason, inputDetails(result.diagnostics ?? []));
  }
}

/** A required variable without a value is named (`variable`); every diagnostic goes along. */
function inputDetails(diagnostics: Diagnostic[]): Record<string, unknown> {
  const missing = diagnostics.find((d) => d.code === "RUN006" && d.field);
  return { ...(missing ? { variable: missing.field } : {}), diagnostics };
}
