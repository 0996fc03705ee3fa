"use client";
/**
 * One text field per variable the template declares, labelled with its name: a schedule's values, or a
 * webhook's mapping (`{body.<path>}`, `{headers.<name>}`, `{query.<name>}`).
 */
import type { Variable } from "@/lib/workflow/model/template-schema";

export function VariableFields({
  declared,
  kind,
}: {
  declared: Readonly<Record<string, Variable>>;
  kind: "schedule" | "webhook";
}) {
  const names = Object.keys(declared);
  if (names.length === 0) return <p className="muted small">The template declares no variables.</p>;
  return (
    <fieldset className="trigger-variables">
      <legend>variables</legend>
      {names.map((name) => {
        const v = declared[name]!;
        const needed = v.required && v.default === undefined;
        return (
          <label key={name} className="field">
            <span>
              {name}
              {needed && <span className="required"> *</span>}
              {v.description && <span className="muted small"> — {v.description}</span>}
            </span>
            <input
              name={`var:${name}`}
              required={needed}
              defaultValue={kind === "webhook" && needed ? `{body.${name}}` : ""}
              placeholder={
                v.default !== undefined ? `default: ${String(v.default)}` : kind === "webhook" ? `{body.${name}}` : ""
              }
            />
          </label>
        );
      })}
    </fieldset>
  );
}

/** The form's `var:<name>` fields that have a value. */
export function variablesOf(data: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of data)
    if (key.startsWith("var:") && typeof value === "string" && value !== "") out[key.slice(4)] = value;
  return out;
}
