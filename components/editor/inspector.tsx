"use client";
/** The inspector region (docs/ui.md): the selected node, the selected edge, or the template itself. */
import { edgeEndsOf } from "@/lib/canvas/project-template";
import { setEdgeLabel } from "@/lib/workflow/edit/delete-elements";
import type { FieldSpec } from "@/lib/workflow/model/node-fields";
import { useEditor, useEditorStore } from "./editor-provider";
import { FieldInput } from "./fields/field-input";
import { NodeInspector } from "./node-inspector";
import { TemplateInspector } from "./template-inspector";

const EDGE_LABEL: FieldSpec = {
  name: "label",
  kind: "text",
  help: "out of a gate: the branch value this edge takes (else catches the rest)",
};

function EdgeInspector({ edgeId }: { edgeId: string }) {
  const store = useEditorStore();
  const { from, to } = edgeEndsOf(edgeId);
  const edge = useEditor((s) => s.draft.edges.find((e) => e.from === from && e.to === to));
  if (!edge) return null;
  return (
    <div className="inspector-body">
      <h2 className="panel-title">
        Edge <code>{from}</code> → <code>{to}</code>
      </h2>
      <FieldInput
        spec={EDGE_LABEL}
        value={edge.label}
        onCommit={(value) =>
          store.getState().edit((t) => setEdgeLabel(t, edge, (value as string | undefined) ?? ""), {
            coalesce: `edge.${edgeId}`,
          })
        }
      />
    </div>
  );
}

export function Inspector() {
  const selection = useEditor((s) => s.selection);
  const node = useEditor((s) =>
    s.selection.nodes.length === 1 ? s.draft.nodes.find((n) => n.id === s.selection.nodes[0]) : undefined,
  );
  const diagnostics = useEditor((s) => s.diagnostics);
  let body;
  if (node) body = <NodeInspector key={node.id} node={node} diagnostics={diagnostics} />;
  else if (selection.nodes.length > 1)
    body = (
      <div className="inspector-body">
        <h2 className="panel-title">{selection.nodes.length} nodes selected</h2>
        <p className="muted small">Delete, duplicate, copy or drag them together; select one to edit its fields.</p>
      </div>
    );
  else if (selection.edges.length === 1) body = <EdgeInspector edgeId={selection.edges[0]} />;
  else body = <TemplateInspector />;
  return (
    <aside className="inspector" role="region" aria-label="Inspector">
      {body}
    </aside>
  );
}
