"use client";
/**
 * `Add schedule`: cron (5 or 6 fields) and an IANA time zone, with the schedule as a sentence and its
 * next five fires in that zone while typing (`trigger.preview`); the misfire and overlap policies; the
 * template's variables.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { useDeferredValue, useState, type FormEvent } from "react";
import { FormError } from "@/components/common/form-error";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import { formatFireTime } from "@/lib/triggers/format-fire-time";
import {
  MISFIRE_POLICIES,
  OVERLAP_POLICIES,
  type MisfirePolicy,
  type OverlapPolicy,
} from "@/lib/triggers/trigger-schema";
import type { Variable } from "@/lib/workflow/model/template-schema";
import { FormActions } from "./form-actions";
import { VariableFields, variablesOf } from "./variable-fields";

const MISFIRE_HELP: Record<MisfirePolicy, string> = {
  skip: "skip — fires missed while no server ran are recorded missed",
  run_once: "run_once — one run for the latest missed fire",
  run_all: "run_all — a run for each missed fire (at most 10)",
};
const OVERLAP_HELP: Record<OverlapPolicy, string> = {
  skip: "skip — no run while the previous one is active",
  allow: "allow — start beside it",
  queue: "queue — one fire waits for the previous run to end",
  cancel_previous: "cancel_previous — cancel the previous run, then start",
};

function zones(): string[] {
  const all = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.("timeZone") ?? [];
  return ["UTC", ...all.filter((z) => z !== "UTC")];
}

export function CronPreview({ cron, timezone }: { cron: string; timezone: string }) {
  const trpc = useTRPC();
  const input = useDeferredValue({ cron: cron.trim(), timezone: timezone.trim() || "UTC" });
  const preview = useQuery({
    ...trpc.trigger.preview.queryOptions({ ...input, count: 5 }),
    enabled: input.cron !== "",
    retry: false,
  });
  if (!input.cron) return null;
  if (preview.error) return <FormError error={preview.error} />;
  if (!preview.data) return <p className="muted small">Reading the schedule…</p>;
  return (
    <div className="cron-preview" aria-live="polite">
      <p className="cron-sentence">{preview.data.description}</p>
      <ol aria-label="Next fires" className="next-fires">
        {preview.data.fires.map((f) => (
          <li key={f}>
            <time dateTime={f}>{formatFireTime(f, input.timezone)}</time>
          </li>
        ))}
      </ol>
    </div>
  );
}

function PolicySelect<P extends string>(props: {
  name: string;
  policies: readonly P[];
  help: Record<P, string>;
  initial: P;
}) {
  return (
    <label className="field">
      {props.name}
      <select name={props.name} defaultValue={props.initial}>
        {props.policies.map((p) => (
          <option key={p} value={p}>
            {props.help[p]}
          </option>
        ))}
      </select>
    </label>
  );
}

export function ScheduleForm({
  templateId,
  declared,
  onDone,
}: {
  templateId: string;
  declared: Readonly<Record<string, Variable>>;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const [cron, setCron] = useState("0 9 * * 1-5");
  const [timezone, setTimezone] = useState("UTC");
  const create = useMutation(trpc.trigger.create.mutationOptions({ onSuccess: onDone }));

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    create.mutate({
      templateId,
      kind: "schedule",
      cron,
      timezone: timezone.trim() || "UTC",
      misfire: String(data.get("misfire")) as MisfirePolicy,
      overlap: String(data.get("overlap")) as OverlapPolicy,
      variables: variablesOf(data),
    });
  }

  return (
    <form onSubmit={onSubmit} className="run-form trigger-form" aria-label="New schedule">
      <h3>New schedule</h3>
      <div className="trigger-form-row">
        <label className="field">
          cron
          <input
            value={cron}
            onChange={(e) => setCron(e.target.value)}
            required
            spellCheck={false}
            className="mono"
            aria-describedby="cron-help"
          />
        </label>
        <label className="field">
          timezone
          <input value={timezone} onChange={(e) => setTimezone(e.target.value)} list="trigger-zones" required />
          <datalist id="trigger-zones">
            {zones().map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </label>
      </div>
      <p id="cron-help" className="muted small">
        minute hour day month weekday (a sixth field in front: seconds), e.g. <code>*/15 * * * *</code> or{" "}
        <code>0 9 * * 1-5</code>
      </p>
      <CronPreview cron={cron} timezone={timezone} />
      <div className="trigger-form-row">
        <PolicySelect name="misfire" policies={MISFIRE_POLICIES} help={MISFIRE_HELP} initial="run_once" />
        <PolicySelect name="overlap" policies={OVERLAP_POLICIES} help={OVERLAP_HELP} initial="skip" />
      </div>
      <VariableFields declared={declared} kind="schedule" />
      <FormActions submit="Create schedule" pending={create.isPending} error={create.error} onCancel={onDone} />
    </form>
  );
}
