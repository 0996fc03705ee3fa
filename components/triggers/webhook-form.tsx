"use client";
/**
 * `Add webhook`: how callers prove themselves (HMAC signature or bearer secret) and how the request
 * maps into the template's variables. Once created, the URL, the secret (shown this once) and a ready
 * `curl` line.
 */
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import { signedCurlLine } from "@/lib/triggers/signed-curl-line";
import type { WebhookAuth } from "@/lib/triggers/trigger-schema";
import type { Variable } from "@/lib/workflow/model/template-schema";
import { FormActions } from "./form-actions";
import { VariableFields, variablesOf } from "./variable-fields";

/** The URL a caller uses: the server answers a path; the browser knows the origin. */
export function absoluteHookUrl(url: string): string {
  return url.startsWith("/") && typeof window !== "undefined" ? `${window.location.origin}${url}` : url;
}

/** A new (or rotated) secret with what a caller needs: shown once, never again. */
export function SecretOnce({
  url,
  secret,
  auth,
  onDone,
}: {
  url: string;
  secret: string;
  auth: WebhookAuth;
  onDone: () => void;
}) {
  const full = absoluteHookUrl(url);
  const curl =
    auth === "token"
      ? `curl -X POST '${full}' \\\n  -H 'Authorization: Bearer ${secret}' -H 'content-type: application/json' \\\n  --data '{"ref":"main"}'`
      : signedCurlLine(full, secret);
  return (
    <section className="token-once secret-once" aria-label="Webhook secret">
      <p>
        <strong>Copy the secret now: it is shown only this once.</strong> Rotate it to get a new one.
      </p>
      <dl className="secret-once-fields">
        <dt>URL</dt>
        <dd>
          <code aria-label="Webhook URL">{full}</code>
        </dd>
        <dt>secret</dt>
        <dd>
          <code aria-label="Webhook secret value">{secret}</code>
        </dd>
      </dl>
      <p className="muted small">
        {auth === "token"
          ? "Send it as Authorization: Bearer <secret>:"
          : "Sign the raw body with HMAC-SHA256 (X-Wf-Signature: sha256=<hex>):"}
      </p>
      <pre className="code" aria-label="curl example">
        {curl}
      </pre>
      <button type="button" className="button" onClick={onDone}>
        Done
      </button>
    </section>
  );
}

export function WebhookForm({
  templateId,
  declared,
  onCreated,
  onCancel,
}: {
  templateId: string;
  declared: Readonly<Record<string, Variable>>;
  onCreated: () => void;
  onCancel: () => void;
}) {
  const trpc = useTRPC();
  const [made, setMade] = useState<{ url: string; secret: string; auth: WebhookAuth }>();
  const create = useMutation(trpc.trigger.create.mutationOptions());

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const auth = String(data.get("auth")) as WebhookAuth;
    create.mutate(
      { templateId, kind: "webhook", auth, variables: variablesOf(data) },
      {
        onSuccess: (out) => {
          if (out.url && out.secret) setMade({ url: out.url, secret: out.secret, auth });
          onCreated();
        },
      },
    );
  }

  if (made) return <SecretOnce {...made} onDone={onCancel} />;
  return (
    <form onSubmit={onSubmit} className="run-form trigger-form" aria-label="New webhook">
      <h3>New webhook</h3>
      <label className="field">
        auth
        <select name="auth" defaultValue="hmac">
          <option value="hmac">hmac — X-Wf-Signature: sha256=&lt;HMAC of the body&gt;</option>
          <option value="token">token — Authorization: Bearer &lt;secret&gt;</option>
        </select>
      </label>
      <p className="muted small">
        Map each variable from the request: <code>{"{body.<path>}"}</code> (JSON body),{" "}
        <code>{"{headers.<name>}"}</code>, <code>{"{query.<name>}"}</code>, or a constant.
      </p>
      <VariableFields declared={declared} kind="webhook" />
      <FormActions submit="Create webhook" pending={create.isPending} error={create.error} onCancel={onCancel} />
    </form>
  );
}
