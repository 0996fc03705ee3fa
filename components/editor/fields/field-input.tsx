"use client";
/** One inspector field, labelled with the template field's own name, validated as the person types. */
import { useId } from "react";
import type { FieldSpec } from "@/lib/workflow/model/node-fields";
import type { ReferenceSuggestion } from "@/lib/workflow/edit/reference-suggestions";
import { ReferenceInput } from "./reference-input";
import { useFieldText } from "./use-field-text";

export function FieldInput(props: {
  spec: FieldSpec;
  value: unknown;
  suggestions?: readonly ReferenceSuggestion[];
  /** Shown under the field (a validator problem on this field). */
  problem?: string;
  onCommit: (value: unknown) => void;
}) {
  const { spec } = props;
  const id = useId();
  const { text, error, change } = useFieldText(spec.kind, props.value, props.onCommit);
  const helpId = spec.help ? `${id}-help` : undefined;
  const errorId = error || props.problem ? `${id}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(" ") || undefined;

  let input;
  if (spec.kind === "boolean")
    input = (
      <input
        id={id}
        type="checkbox"
        checked={props.value === true}
        aria-describedby={describedBy}
        onChange={(e) => change(String(e.target.checked))}
      />
    );
  else if (spec.kind === "select")
    input = (
      <select id={id} value={text} aria-describedby={describedBy} onChange={(e) => change(e.target.value)}>
        {(spec.options ?? []).map((o) => (
          <option key={o} value={o}>
            {o === "" ? "—" : o}
          </option>
        ))}
      </select>
    );
  else if (spec.kind === "code" || spec.kind === "reference")
    input = (
      <ReferenceInput
        id={id}
        value={text}
        multiline={spec.kind === "code"}
        suggestions={props.suggestions ?? []}
        invalid={Boolean(error)}
        describedBy={describedBy}
        onChange={change}
      />
    );
  else if (spec.kind === "list")
    input = (
      <textarea id={id} rows={2} value={text} aria-describedby={describedBy} onChange={(e) => change(e.target.value)} />
    );
  else
    input = (
      <input
        id={id}
        value={text}
        inputMode={spec.kind === "number" || spec.kind === "integer" || spec.kind === "retries" ? "decimal" : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => change(e.target.value)}
      />
    );

  return (
    <div className={`field field-${spec.kind}${error ? " field-invalid" : ""}`}>
      <label htmlFor={id} className="field-label">
        {spec.name}
      </label>
      {input}
      {spec.help && (
        <span id={helpId} className="field-help">
          {spec.help}
        </span>
      )}
      {(error || props.problem) && (
        <span id={errorId} className="field-error" role={error ? "alert" : undefined}>
          {error ?? props.problem}
        </span>
      )}
    </div>
  );
}
