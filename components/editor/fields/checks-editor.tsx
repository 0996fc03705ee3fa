"use client";
/** A node's checks (or preconditions): kind + argument + on_failure per row (docs/model.md, "Checks"). */
import { CHECK_TYPES, type Check } from "@/lib/workflow/model/template-schema";

/** The field each check kind needs (docs/formats.md, playbook rule 11), plus file_contains' second one. */
const ARGUMENT: Record<(typeof CHECK_TYPES)[number], string> = {
  file_exists: "path",
  file_contains: "path",
  command: "run",
  human: "prompt",
  agent_confirms: "description",
};
const ON_FAILURE = ["", "fail", "warn", "skip", "ask"] as const;

type Row = Record<string, unknown> & { type: string };

export function ChecksEditor(props: {
  name: "checks" | "preconditions";
  checks: readonly Check[] | undefined;
  onCommit: (checks: Check[] | undefined) => void;
}) {
  const rows = (props.checks ?? []) as unknown as Row[];
  const commit = (next: Row[]) => props.onCommit(next.length ? (next as unknown as Check[]) : undefined);
  const patch = (i: number, fields: Record<string, unknown>) =>
    commit(
      rows.map((r, j) =>
        j === i
          ? (Object.fromEntries(
              Object.entries({ ...r, ...fields }).filter(([, v]) => v !== "" && v !== undefined),
            ) as Row)
          : r,
      ),
    );
  const what = props.name === "checks" ? "check" : "precondition";
  return (
    <fieldset className="field checks-editor">
      <legend className="field-label">{props.name}</legend>
      {rows.map((row, i) => {
        const arg = ARGUMENT[row.type as keyof typeof ARGUMENT] ?? "path";
        return (
          <div key={i} className="check-row" role="group" aria-label={`${what} ${i + 1}`}>
            <label>
              <span className="sr-only">kind</span>
              <select
                aria-label="kind"
                value={row.type}
                onChange={(e) =>
                  commit(
                    rows.map((r, j) => (j === i ? ({ type: e.target.value, on_failure: r.on_failure } as Row) : r)),
                  )
                }
              >
                {CHECK_TYPES.map((t) => (
                  <option key={t}>{t}</option>
                ))}
              </select>
            </label>
            <input
              aria-label={arg}
              placeholder={arg}
              value={String(row[arg] ?? "")}
              onChange={(e) => patch(i, { [arg]: e.target.value })}
            />
            {row.type === "file_contains" && (
              <input
                aria-label="pattern"
                placeholder="pattern"
                value={String(row.pattern ?? "")}
                onChange={(e) => patch(i, { pattern: e.target.value })}
              />
            )}
            <select
              aria-label="on_failure"
              value={String(row.on_failure ?? "")}
              onChange={(e) => patch(i, { on_failure: e.target.value })}
            >
              {ON_FAILURE.map((o) => (
                <option key={o} value={o}>
                  {o === "" ? "on_failure: fail" : o}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="link-button"
              aria-label={`Remove ${what} ${i + 1}`}
              onClick={() => commit(rows.filter((_, j) => j !== i))}
            >
              ✕
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="button button-small"
        onClick={() => commit([...rows, { type: "file_exists", path: "" }])}
      >
        Add {what}
      </button>
    </fieldset>
  );
}
