"use client";
/** With nothing selected the inspector edits the template: name, description, tags, phases, execution_mode, variables. */
import { EXECUTION_MODES, type Template } from "@/lib/workflow/model/template-schema";
import type { FieldSpec } from "@/lib/workflow/model/node-fields";
import { useEditor, useEditorStore } from "./editor-provider";
import { FieldInput } from "./fields/field-input";
import { VariablesEditor } from "./fields/variables-editor";

const FIELDS: FieldSpec[] = [
  { name: "name", kind: "text" },
  { name: "description", kind: "list" },
  { name: "tags", kind: "list", help: "one per line" },
  { name: "phases", kind: "list", help: "one per line, in order" },
  {
    name: "execution_mode",
    kind: "select",
    options: EXECUTION_MODES,
    help: "parallel: independent ready nodes run at once",
  },
];

/** Template fields ⇄ the values the generic field inputs edit. */
function valueOf(t: Template, name: string): unknown {
  if (name === "description") return t.description ? t.description.split("\n") : undefined;
  if (name === "phases") return (t.phases ?? []).map((p) => p.name);
  return (t as Record<string, unknown>)[name];
}

function patchFor(t: Template, name: string, value: unknown): Partial<Template> {
  const list = (value as string[] | undefined) ?? [];
  switch (name) {
    case "name":
      return { name: (value as string | undefined) ?? "" };
    case "description":
      return { description: list.join("\n") };
    case "tags":
      return { tags: list };
    case "phases": {
      // Keep each phase's description when its name stays.
      const old = new Map((t.phases ?? []).map((p) => [p.name, p]));
      return { phases: list.length ? list.map((n) => old.get(n) ?? { name: n }) : undefined };
    }
    default:
      return { [name]: value } as Partial<Template>;
  }
}

export function TemplateInspector() {
  const store = useEditorStore();
  const draft = useEditor((s) => s.draft);
  const diagnostics = useEditor((s) => s.diagnostics);
  const problem = (field: string) =>
    diagnostics.find((d) => !d.nodeId && d.field === field && d.severity === "error")?.message;
  return (
    <div className="inspector-body">
      <h2 className="panel-title">Workflow</h2>
      {FIELDS.map((spec) => (
        <FieldInput
          key={spec.name}
          spec={spec}
          value={valueOf(draft, spec.name)}
          problem={problem(spec.name)}
          onCommit={(value) =>
            store
              .getState()
              .edit((t) => ({ ...t, ...patchFor(t, spec.name, value) }), { coalesce: `template.${spec.name}` })
          }
        />
      ))}
      <VariablesEditor
        schema={draft.context_schema}
        onCommit={(schema, coalesce) => store.getState().edit((t) => ({ ...t, context_schema: schema }), { coalesce })}
      />
      <p className="muted small">
        Select a node or an edge to edit it; shift-click or drag on the canvas to select several.
      </p>
    </div>
  );
}
