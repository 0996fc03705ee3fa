"use client";
/**
 * A workflow node's `inputs`: one row per variable the child declares (its `context_schema`, in
 * order), marked `required` when the child has no default for it, each a text with the same
 * `{reference}` autocomplete as prompts. An input the child does not declare is listed after them
 * with a warning (the child never sees it) and a remove button. Each row's typing is one undo step.
 */
import { useId, useState } from "react";
import type { ReferenceSuggestion } from "@/lib/workflow/edit/reference-suggestions";
import type { Variable } from "@/lib/workflow/model/template-schema";
import { ReferenceInput } from "./reference-input";

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function InputRow(props: {
  name: string;
  value: string;
  variable?: Variable;
  /** Set for an input the child does not declare: the warning shown. */
  undeclared?: string;
  problem?: string;
  suggestions: readonly ReferenceSuggestion[];
  onChange(text: string): void;
  onRemove?(): void;
}) {
  const id = useId();
  const v = props.variable;
  const required = v?.required === true && (v.default === undefined || v.default === "");
  const missing = required && props.value.trim() === "";
  const help = v
    ? [v.type, v.default !== undefined && v.default !== "" ? `default ${String(v.default)}` : "", v.description ?? ""]
        .filter(Boolean)
        .join(" · ")
    : "";
  return (
    <div className={`child-input${props.undeclared ? " child-input-undeclared" : ""}`} data-input={props.name}>
      <label htmlFor={id} className="child-input-name">
        <code>{props.name}</code>
      </label>
      {required && <span className="child-input-required">required</span>}
      {props.onRemove && (
        <button
          type="button"
          className="link-button"
          aria-label={`Remove input ${props.name}`}
          onClick={props.onRemove}
        >
          ✕
        </button>
      )}
      <ReferenceInput
        id={id}
        value={props.value}
        multiline={false}
        suggestions={props.suggestions}
        invalid={Boolean(props.undeclared || props.problem)}
        describedBy={`${id}-help`}
        onChange={props.onChange}
      />
      <span
        id={`${id}-help`}
        className={props.problem ? "field-error" : props.undeclared || missing ? "field-warning" : "field-help"}
      >
        {props.problem ?? props.undeclared ?? (missing ? `the child needs a value (no default) · ${help}` : help)}
      </span>
    </div>
  );
}

export function ChildInputsEditor(props: {
  /** The child's variables; undefined while unknown (no template chosen, not in the library, loading). */
  declared?: Record<string, Variable>;
  childName?: string;
  inputs: Readonly<Record<string, string>>;
  suggestions: readonly ReferenceSuggestion[];
  /** Validator problems on `inputs` (whole field) and `inputs.<name>` (one row). */
  problems: readonly { field: string; message: string }[];
  onCommit(inputs: Record<string, string>, coalesce: string): void;
}) {
  const [adding, setAdding] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { inputs, declared } = props;
  const set = (name: string, text: string, keepEmpty: boolean) => {
    const next = { ...inputs };
    if (text === "" && !keepEmpty) delete next[name];
    else next[name] = text;
    props.onCommit(next, `inputs.${name}`);
  };
  const remove = (name: string) => {
    const next = { ...inputs };
    delete next[name];
    props.onCommit(next, `inputs.remove.${name}`);
  };
  const add = () => {
    const name = adding.trim();
    if (!VARIABLE_NAME.test(name)) return setError(`"${name}" is not a variable name (letters, digits, _).`);
    if (name in inputs || (declared && name in declared)) return setError(`"${name}" already has a row.`);
    setError(null);
    setAdding("");
    props.onCommit({ ...inputs, [name]: "" }, `inputs.add.${name}`);
  };
  const rowProblem = (name: string) => props.problems.find((p) => p.field === `inputs.${name}`)?.message;
  const whole = props.problems.filter((p) => p.field === "inputs").map((p) => p.message);
  const declaredNames = declared ? Object.keys(declared) : [];
  const others = Object.keys(inputs).filter((n) => !declared || !(n in declared));
  return (
    <fieldset className="field child-inputs" aria-label="inputs">
      <legend className="field-label">inputs</legend>
      <span className="field-help">each child variable, from the parent&apos;s references</span>
      {declared && declaredNames.length === 0 && (
        <p className="muted small">{props.childName ?? "The child"} declares no variables.</p>
      )}
      {declaredNames.map((name) => (
        <InputRow
          key={name}
          name={name}
          value={inputs[name] ?? ""}
          variable={declared?.[name]}
          problem={rowProblem(name)}
          suggestions={props.suggestions}
          onChange={(text) => set(name, text, false)}
        />
      ))}
      {others.map((name) => (
        <InputRow
          key={name}
          name={name}
          value={inputs[name]}
          undeclared={
            declared
              ? `${props.childName ?? "The child"} does not declare "${name}": it never sees this input`
              : undefined
          }
          problem={rowProblem(name)}
          suggestions={props.suggestions}
          onChange={(text) => set(name, text, true)}
          onRemove={() => remove(name)}
        />
      ))}
      {whole.map((m) => (
        <span key={m} className="field-error">
          {m}
        </span>
      ))}
      <div className="child-input-add">
        <input
          aria-label="name of a new input"
          placeholder="another input"
          value={adding}
          onChange={(e) => setAdding(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
        />
        <button type="button" className="button button-small" onClick={add} disabled={adding.trim() === ""}>
          Add input
        </button>
      </div>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}
