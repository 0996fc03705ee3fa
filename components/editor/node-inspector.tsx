"use client";
/** The inspector for one node: id, type, name, description, then every field its type has (lib/workflow/node-fields). */
import { useMemo, useState } from "react";
import { setEdgeLabel } from "@/lib/workflow/edit/delete-elements";
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { COMMON_FIELDS, NODE_FIELDS, type FieldSpec } from "@/lib/workflow/model/node-fields";
import { referenceSuggestions } from "@/lib/workflow/edit/reference-suggestions";
import { renameNodeId } from "@/lib/workflow/edit/rename-node-id";
import { NODE_TYPES, type Check, type NodeType, type WorkflowNode } from "@/lib/workflow/model/template-schema";
import { changeNodeType, updateNode } from "@/lib/workflow/edit/update-node";
import { useEditor, useEditorStore } from "./editor-provider";
import { ChecksEditor } from "./fields/checks-editor";
import { FieldInput } from "./fields/field-input";
import { ConnectToField } from "./connect-to-field";
import { PinnedMockField } from "@/components/editor/pinned-mock-field";
import { WorkflowCallFields } from "./workflow-call-fields";

const NAME: FieldSpec = { name: "name", kind: "text" };
const DESCRIPTION: FieldSpec = { name: "description", kind: "text" };

function IdField({ node }: { node: WorkflowNode }) {
  const store = useEditorStore();
  const [text, setText] = useState(node.id);
  const [shown, setShown] = useState(node.id);
  const [error, setError] = useState<string | null>(null);
  if (shown !== node.id) {
    setShown(node.id);
    setText(node.id);
    setError(null);
  }
  const commit = () => {
    if (text === node.id) return setError(null);
    if (!/^\S+$/.test(text)) return setError("An id is one word without spaces.");
    if (store.getState().draft.nodes.some((n) => n.id === text)) return setError(`"${text}" is already a node's id.`);
    setError(null);
    store.getState().edit((t) => renameNodeId(t, node.id, text), { select: { nodes: [text], edges: [] } });
  };
  return (
    <div className={`field${error ? " field-invalid" : ""}`}>
      <label htmlFor="inspector-node-id" className="field-label">
        id
      </label>
      <input
        id="inspector-node-id"
        value={text}
        aria-invalid={error ? true : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === "Enter" && commit()}
      />
      <span className="field-help">references, edges and fallbacks follow a renamed id</span>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

function GateBranches({ node }: { node: WorkflowNode }) {
  const store = useEditorStore();
  const edges = useEditor((s) => s.draft.edges);
  const out = edges.filter((e) => e.from === node.id);
  return (
    <fieldset className="field">
      <legend className="field-label">branches</legend>
      {out.length === 0 && (
        <p className="muted small">
          Connect the gate to two or more nodes; each edge's label is a branch value (else catches the rest).
        </p>
      )}
      {out.map((e) => (
        <label key={e.to} className="branch-row">
          <span className="small">→ {e.to}</span>
          <input
            aria-label={`label of ${node.id} → ${e.to}`}
            value={e.label ?? ""}
            placeholder="branch value"
            onChange={(ev) =>
              store.getState().edit((t) => setEdgeLabel(t, e, ev.target.value), { coalesce: `edge.${e.from}.${e.to}` })
            }
          />
        </label>
      ))}
    </fieldset>
  );
}

export function NodeInspector({ node, diagnostics }: { node: WorkflowNode; diagnostics: readonly Diagnostic[] }) {
  const store = useEditorStore();
  const draft = useEditor((s) => s.draft);
  const suggestions = useMemo(() => referenceSuggestions(draft, node.id), [draft, node.id]);
  const record = node as unknown as Record<string, unknown>;
  const problemFor = (field: string) =>
    diagnostics.find((d) => d.nodeId === node.id && d.field === field && d.severity === "error")?.message;
  const commit = (field: string) => (value: unknown) =>
    store.getState().edit((t) => updateNode(t, node.id, { [field]: value }), { coalesce: `${node.id}.${field}` });
  const field = (spec: FieldSpec) =>
    spec.kind === "checks" ? (
      <ChecksEditor
        key={spec.name}
        name={spec.name as "checks" | "preconditions"}
        checks={record[spec.name] as Check[] | undefined}
        onCommit={(checks) => commit(spec.name)(checks)}
      />
    ) : (
      <FieldInput
        key={spec.name}
        spec={spec}
        value={record[spec.name]}
        suggestions={suggestions}
        problem={problemFor(spec.name)}
        onCommit={commit(spec.name)}
      />
    );
  return (
    <div className="inspector-body" data-node-id={node.id}>
      <h2 className="panel-title">
        {node.type} node <code>{node.id}</code>
      </h2>
      <IdField node={node} />
      <div className="field">
        <label htmlFor="inspector-node-type" className="field-label">
          type
        </label>
        <select
          id="inspector-node-type"
          value={node.type}
          onChange={(e) => store.getState().edit((t) => changeNodeType(t, node.id, e.target.value as NodeType))}
        >
          {NODE_TYPES.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
      </div>
      <ConnectToField node={node} />
      {field(NAME)}
      {field(DESCRIPTION)}
      {node.type === "workflow" ? (
        <WorkflowCallFields node={node} suggestions={suggestions} diagnostics={diagnostics} />
      ) : (
        NODE_FIELDS[node.type].filter((f) => !f.behaviour).map(field)
      )}
      {node.type === "gate" && <GateBranches node={node} />}
      <details className="inspector-more" open>
        <summary>Behaviour</summary>
        {NODE_FIELDS[node.type].filter((f) => f.behaviour).map(field)}
        {COMMON_FIELDS.map(field)}
      </details>
      <PinnedMockField nodeId={node.id} />
    </div>
  );
}
