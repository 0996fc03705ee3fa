"use client";
/** "Run" form generated from a template's variables: required ones must be given, never guessed. */
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import type { Template } from "@/lib/workflow/model/template-schema";
import { RunEstimate, useRunEstimate } from "@/components/simulate/run-estimate";
import { ProviderNotice, useMissingProvider } from "./provider-notice";

export function RunForm({ templateId, template }: { templateId: string; template: Template }) {
  const trpc = useTRPC();
  const router = useRouter();
  const vars = Object.entries(template.context_schema);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(vars.map(([name, v]) => [name, v.default === undefined ? "" : String(v.default)])),
  );
  const start = useMutation(
    trpc.run.start.mutationOptions({ onSuccess: ({ runId }) => router.push(`/runs/${encodeURIComponent(runId)}`) }),
  );
  const provider = useMissingProvider(template);
  const missing = vars.filter(([name, v]) => v.required && !values[name]?.trim()).map(([name]) => name);
  const given = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ""));
  const estimate = useRunEstimate(templateId, given, missing.length === 0);
  function submit(e: FormEvent) {
    e.preventDefault();
    if (missing.length || provider.blocked.length) return;
    start.mutate({ templateId, variables: given });
  }
  return (
    <form className="run-form" onSubmit={submit} aria-label="Run this template">
      <ProviderNotice {...provider} />
      {vars.map(([name, v]) => (
        <label key={name} className="field">
          <span>
            {name}
            {v.required ? <span className="required"> *</span> : null}
            {v.description ? <span className="muted small"> — {String(v.description)}</span> : null}
          </span>
          {v.type === "boolean" ? (
            <select value={values[name]} onChange={(e) => setValues({ ...values, [name]: e.target.value })}>
              <option value="">—</option>
              <option value="true">true</option>
              <option value="false">false</option>
            </select>
          ) : (
            <input
              name={name}
              value={values[name]}
              required={v.required}
              onChange={(e) => setValues({ ...values, [name]: e.target.value })}
            />
          )}
        </label>
      ))}
      <div className="button-row">
        <button
          type="submit"
          className="button button-primary"
          disabled={start.isPending || missing.length > 0 || provider.blocked.length > 0}
        >
          Start run
        </button>
        {missing.length > 0 && <span className="muted small">Required: {missing.join(", ")}</span>}
        <RunEstimate estimate={estimate} />
      </div>
      {start.isError && <p role="alert">{start.error.message}</p>}
    </form>
  );
}
