"use client";
/**
 * The template page's `Triggers` tab (docs/triggers.md): the template's schedules and webhooks with
 * their next fires and histories; editors get `Add schedule` and `Add webhook`.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FormError } from "@/components/common/form-error";
import { useCan } from "@/components/app-shell/session-provider";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import { ScheduleForm } from "./schedule-form";
import { TriggerItem } from "./trigger-item";
import { WebhookForm } from "./webhook-form";
import "./triggers.css";

const REFRESH_MS = 5000;

export function TriggersPanel({ templateId }: { templateId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canEdit = useCan("editor");
  const [adding, setAdding] = useState<"schedule" | "webhook">();
  const template = useQuery(trpc.template.get.queryOptions({ id: templateId }));
  const list = useQuery({ ...trpc.trigger.list.queryOptions({ templateId }), refetchInterval: REFRESH_MS });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.trigger.list.queryKey() });
  const declared = template.data?.template.context_schema ?? {};
  const items = list.data?.items ?? [];

  return (
    <section className="triggers-panel" aria-labelledby="triggers-heading">
      <div className="title-row">
        <h2 id="triggers-heading">Triggers{template.data ? ` of ${template.data.template.name}` : ""}</h2>
        {canEdit && (
          <div className="button-row push-right">
            {(["schedule", "webhook"] as const).map((kind) => (
              <button
                key={kind}
                type="button"
                className="button"
                onClick={() => setAdding(kind)}
                aria-pressed={adding === kind}
              >
                Add {kind}
              </button>
            ))}
          </div>
        )}
      </div>
      <p className="muted small">
        A schedule starts a run at each fire time of its cron in its time zone; a webhook starts one for each signed
        call to its URL. Runs act as the trigger&apos;s creator; every fire is recorded below, also the ones that did
        not start a run.
      </p>
      {adding === "schedule" && (
        <ScheduleForm
          templateId={templateId}
          declared={declared}
          onDone={() => {
            setAdding(undefined);
            refresh();
          }}
        />
      )}
      {adding === "webhook" && (
        <WebhookForm
          templateId={templateId}
          declared={declared}
          onCreated={refresh}
          onCancel={() => setAdding(undefined)}
        />
      )}
      <FormError error={list.error ?? template.error} />
      {list.data && items.length === 0 && !adding && (
        <p className="muted">No triggers yet: runs of this template start only when someone starts them.</p>
      )}
      <ul aria-label="Triggers" className="trigger-list">
        {items.map((t) => (
          <TriggerItem key={t.id} t={t} canEdit={canEdit} onChanged={refresh} />
        ))}
      </ul>
    </section>
  );
}
