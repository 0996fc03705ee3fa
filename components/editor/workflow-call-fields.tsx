"use client";
/**
 * A workflow node's own fields in the inspector (docs/ui.md, "Sub-workflows"): `template` (a search
 * over the library), `version` ("latest at run start" or one of the child's versions) and `inputs`
 * (one row per child variable). The child is read with `template.get` — its latest version for the
 * name and the versions, the pinned one for the variables. Each field's edit is one undo step.
 */
import { useQuery } from "@tanstack/react-query";
import { useId, type ReactNode } from "react";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import type { ReferenceSuggestion } from "@/lib/workflow/edit/reference-suggestions";
import type { NodeOfType } from "@/lib/workflow/model/template-schema";
import { updateNode } from "@/lib/workflow/edit/update-node";
import { useEditor, useEditorStore } from "./editor-provider";
import { ChildInputsEditor } from "./fields/child-inputs-editor";
import { TemplatePicker } from "./fields/template-picker";
import "./fields/workflow-call.css";

/** One labelled field: its control, then its problem (red) or its help. */
function CallField(props: {
  id: string;
  name: string;
  kind: string;
  problem?: string;
  help: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`field field-${props.kind}${props.problem ? " field-invalid" : ""}`}>
      <label htmlFor={props.id} className="field-label">
        {props.name}
      </label>
      {props.children}
      <span id={`${props.id}-help`} className={props.problem ? "field-error" : "field-help"}>
        {props.problem ?? props.help}
      </span>
    </div>
  );
}

/** A pinned version as a number, or undefined (unpinned, or not a version number). */
function pinnedVersion(version: string | number | undefined): number | undefined {
  if (version === undefined || version === "") return undefined;
  const n = Number(version);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

export function WorkflowCallFields(props: {
  node: NodeOfType<"workflow">;
  suggestions: readonly ReferenceSuggestion[];
  diagnostics: readonly Diagnostic[];
}) {
  const { node } = props;
  const store = useEditorStore();
  const trpc = useTRPC();
  const selfId = useEditor((s) => s.templateId);
  const selfTemplateId = useEditor((s) => s.draft.template_id);
  const templateId = useId();
  const versionId = useId();
  const ref = node.template ?? "";
  const pinned = pinnedVersion(node.version);
  const latest = useQuery({
    ...trpc.template.get.queryOptions({ id: ref }),
    enabled: ref !== "",
    retry: false,
    staleTime: 60_000,
  });
  const atPin = useQuery({
    ...trpc.template.get.queryOptions({ id: ref, version: pinned }),
    enabled: ref !== "" && pinned !== undefined,
    retry: false,
    staleTime: 60_000,
  });
  const child = pinned !== undefined ? atPin : latest;
  const name = latest.data?.template.name;
  const versions = latest.data?.versions ?? [];

  const mine = props.diagnostics.filter((d) => d.nodeId === node.id && d.field !== undefined);
  const problem = (field: string) => mine.find((d) => d.field === field && d.severity === "error")?.message;
  const edit = (patch: Record<string, unknown>, coalesce: string) =>
    store.getState().edit((t) => updateNode(t, node.id, patch), { coalesce: `${node.id}.${coalesce}` });

  const templateProblem =
    problem("template") ??
    (latest.isError
      ? `${latest.error.message}${/[\\/]|\.(ya?ml|json)$/i.test(ref) ? " (a file path is read by the wf CLI only)" : ""}`
      : undefined);
  const unreadable = node.version !== undefined && node.version !== "" && pinned === undefined;
  const versionProblem =
    problem("version") ??
    (unreadable ? `"${node.version}" is not a version number` : atPin.isError ? atPin.error.message : undefined);
  const errors = mine.flatMap((d) => (d.severity === "error" ? [{ field: d.field ?? "", message: d.message }] : []));
  return (
    <>
      <CallField
        id={templateId}
        name="template"
        kind="text"
        problem={templateProblem}
        help={
          name ? (
            <>
              runs <strong>{name}</strong> (latest v{latest.data?.version})
            </>
          ) : (
            "the child template: search the library by name"
          )
        }
      >
        <TemplatePicker
          id={templateId}
          value={ref}
          self={{ id: selfId, templateId: selfTemplateId }}
          invalid={Boolean(templateProblem)}
          describedBy={`${templateId}-help`}
          // A new child: its versions and variables are another template's, so an old pin goes.
          onCommit={(next) => edit({ template: next || undefined, version: undefined }, "template")}
        />
      </CallField>
      <CallField
        id={versionId}
        name="version"
        kind="select"
        problem={versionProblem}
        help={
          pinned === undefined
            ? "the child's latest version when a run starts"
            : "pinned: a later save of the child does not change it"
        }
      >
        <select
          id={versionId}
          value={pinned === undefined ? "" : String(pinned)}
          aria-describedby={`${versionId}-help`}
          onChange={(e) => edit({ version: e.target.value === "" ? undefined : Number(e.target.value) }, "version")}
        >
          <option value="">latest at run start</option>
          {versions.map((v) => (
            <option key={v.version} value={String(v.version)}>
              v{v.version}
              {v.draft ? " (draft)" : ""} · {new Date(v.createdAt).toLocaleDateString()}
            </option>
          ))}
          {pinned !== undefined && !versions.some((v) => v.version === pinned) && (
            <option value={String(pinned)}>v{pinned} (not found)</option>
          )}
        </select>
      </CallField>
      <ChildInputsEditor
        declared={child.data?.template.context_schema}
        childName={name}
        inputs={node.inputs ?? {}}
        suggestions={props.suggestions}
        problems={errors}
        onCommit={(inputs, coalesce) => edit({ inputs }, coalesce)}
      />
    </>
  );
}
