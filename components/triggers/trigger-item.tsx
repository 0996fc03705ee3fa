"use client";
/**
 * One trigger in the Triggers tab: what it is (the schedule as a sentence and its next fires in its
 * zone, or the webhook's URL), `enabled`, and for editors `Send test event` (webhooks: a signed sample
 * through the real endpoint, with the answer), `Rotate secret` and `Delete`; then its history.
 */
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { FormError } from "@/components/common/form-error";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import { formatFireTime } from "@/lib/triggers/format-fire-time";
import type { RouterOutputs } from "@/lib/trpc/router-types";
import { FireHistory } from "./fire-history";
import { absoluteHookUrl, SecretOnce } from "./webhook-form";

type TriggerItemData = RouterOutputs["trigger"]["list"]["items"][number];

export function triggerTitle(t: TriggerItemData): string {
  return t.kind === "schedule" ? `Schedule: ${t.description ?? t.cron}` : `Webhook ${t.id}`;
}

export function TriggerItem({
  t,
  canEdit,
  onChanged,
}: {
  t: TriggerItemData;
  canEdit: boolean;
  onChanged: () => void;
}) {
  const trpc = useTRPC();
  const update = useMutation(trpc.trigger.update.mutationOptions({ onSuccess: onChanged }));
  const remove = useMutation(trpc.trigger.delete.mutationOptions({ onSuccess: onChanged }));
  const test = useMutation(trpc.trigger.testEvent.mutationOptions());
  const [rotated, setRotated] = useState<string>();
  // The toggle moves at once; the server's answer (the list refetched) has the last word.
  const [enabled, setEnabled] = useState(t.enabled);
  const [served, setServed] = useState(t.enabled);
  if (served !== t.enabled) {
    setServed(t.enabled);
    setEnabled(t.enabled);
  }
  const zone = t.timezone ?? "UTC";
  const title = triggerTitle(t);

  return (
    <li className="card trigger-item" aria-label={title} data-kind={t.kind} data-enabled={enabled}>
      <div className="card-title">
        <h3>
          <span className="badge">{t.kind}</span> {t.kind === "schedule" ? (t.description ?? t.cron) : "Webhook"}
        </h3>
        <label className="trigger-toggle">
          <input
            type="checkbox"
            checked={enabled}
            disabled={!canEdit || update.isPending}
            onChange={(e) => {
              const next = e.target.checked;
              setEnabled(next);
              update.mutate({ id: t.id, enabled: next }, { onError: () => setEnabled(t.enabled) });
            }}
          />
          enabled
        </label>
      </div>
      {t.kind === "schedule" ? (
        <>
          <p className="card-text">
            <code>{t.cron}</code> in {zone} · misfire <code>{t.misfire}</code> · overlap <code>{t.overlap}</code>
            {t.waitingSince && <> · a fire waits for the previous run to end</>}
          </p>
          {t.enabled && t.nextFires?.length ? (
            <ol aria-label="Next fires" className="next-fires">
              {t.nextFires.map((f) => (
                <li key={f}>
                  <time dateTime={f}>{formatFireTime(f, zone)}</time>
                </li>
              ))}
            </ol>
          ) : (
            <p className="muted small">{t.enabled ? "It never fires again." : "Disabled: nothing fires."}</p>
          )}
        </>
      ) : (
        <p className="card-text">
          <code aria-label="Webhook URL">{absoluteHookUrl(t.url ?? "")}</code> · auth <code>{t.auth}</code>
        </p>
      )}
      {Object.keys(t.variables).length > 0 && (
        <p className="muted small">
          variables:{" "}
          {Object.entries(t.variables).map(([k, v]) => (
            <code key={k} className="trigger-var">
              {k}={String(v)}
            </code>
          ))}
        </p>
      )}
      {canEdit && (
        <div className="button-row">
          {t.kind === "webhook" && (
            <>
              <button
                type="button"
                className="button"
                disabled={test.isPending}
                onClick={() => test.mutate({ id: t.id })}
              >
                Send test event
              </button>
              <button
                type="button"
                className="button"
                disabled={update.isPending}
                onClick={() => {
                  if (window.confirm("Rotate the secret? The current one stops working at once."))
                    update.mutate({ id: t.id, rotateSecret: true }, { onSuccess: (out) => setRotated(out.secret) });
                }}
              >
                Rotate secret
              </button>
            </>
          )}
          <button
            type="button"
            className="button button-danger"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm("Delete this trigger and its history?")) remove.mutate({ id: t.id });
            }}
          >
            Delete
          </button>
        </div>
      )}
      <FormError error={update.error ?? remove.error ?? test.error} />
      {test.data && (
        <p role="status" className="small test-answer">
          Test event answered <strong>{test.data.status}</strong> <code>{JSON.stringify(test.data.answer)}</code>
        </p>
      )}
      {rotated && t.url && (
        <SecretOnce url={t.url} secret={rotated} auth={t.auth ?? "hmac"} onDone={() => setRotated(undefined)} />
      )}
      <FireHistory triggerId={t.id} timezone={zone} />
    </li>
  );
}
