"use client";
/** The template's variables (`context_schema`) as a table: name, type, required, default, description. */
import { useState } from "react";
import { VARIABLE_TYPES, type Template, type Variable } from "@/lib/workflow/model/template-schema";

type Schema = Template["context_schema"];

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function VariablesEditor(props: { schema: Schema; onCommit: (schema: Schema, coalesce: string) => void }) {
  const entries = Object.entries(props.schema);
  const [error, setError] = useState<string | null>(null);
  const patch = (name: string, fields: Partial<Variable>) =>
    props.onCommit(
      { ...props.schema, [name]: { ...props.schema[name], ...fields } },
      `var.${name}.${Object.keys(fields).join()}`,
    );
  const rename = (from: string, to: string) => {
    if (!VARIABLE_NAME.test(to))
      return setError(`"${to}" is not a variable name (letters, digits, _; not starting with a digit).`);
    if (to !== from && to in props.schema) return setError(`A variable "${to}" already exists.`);
    setError(null);
    props.onCommit(Object.fromEntries(entries.map(([k, v]) => [k === from ? to : k, v])), `var.rename.${from}`);
  };
  const add = () => {
    let n = entries.length + 1;
    while (`var_${n}` in props.schema) n++;
    props.onCommit({ ...props.schema, [`var_${n}`]: { type: "string", required: true } }, `var.add.${n}`);
  };
  return (
    <fieldset className="field variables-editor">
      <legend className="field-label">context_schema</legend>
      {entries.map(([name, v]) => (
        <div key={name} className="variable-row" role="group" aria-label={`variable ${name}`}>
          <input
            aria-label={`name of variable ${name}`}
            className="variable-name"
            defaultValue={name}
            onBlur={(e) => e.target.value !== name && rename(name, e.target.value)}
          />
          <select
            aria-label={`type of variable ${name}`}
            value={v.type}
            onChange={(e) => patch(name, { type: e.target.value as Variable["type"] })}
          >
            {VARIABLE_TYPES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
          <label className="variable-required">
            <input type="checkbox" checked={v.required} onChange={(e) => patch(name, { required: e.target.checked })} />{" "}
            required
          </label>
          <button
            type="button"
            className="link-button"
            aria-label={`Remove variable ${name}`}
            onClick={() =>
              props.onCommit(Object.fromEntries(entries.filter(([k]) => k !== name)), `var.remove.${name}`)
            }
          >
            ✕
          </button>
          <input
            aria-label={`default of variable ${name}`}
            placeholder="default"
            value={v.default === undefined ? "" : String(v.default)}
            onChange={(e) => patch(name, { default: e.target.value === "" ? undefined : e.target.value })}
          />
          <input
            aria-label={`description of variable ${name}`}
            placeholder="description"
            value={v.description ?? ""}
            onChange={(e) => patch(name, { description: e.target.value || undefined })}
          />
        </div>
      ))}
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
      <button type="button" className="button button-small" onClick={add}>
        Add variable
      </button>
    </fieldset>
  );
}
