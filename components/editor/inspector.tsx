"use client";
/** The inspector region (DESIGN.md §8): the selected node, the selected edge, or the template itself. */
import { setEdgeLabel } from "@/lib/workflow/delete-elements";
import { useEditor, useEditorStore } from "./editor-provider";
import { NodeInspector } from "./node-inspector";
import { TemplateInspector } from "./template-inspector";

function EdgeInspector({ edgeId }: { edgeId: string }) {
  const store = useEditorStore();
  const [from, to] = edgeId.split("#")[0].split("->");
  const edge = useEditor((s) => s.draft.edges.find((e) => e.from === from && e.to === to));
  if (!edge) return null;
  return (
    <div className="inspector-body">
      <h2 className="panel-title">
        Edge <code>{from}</code> → <code>{to}</code>
      </h2>
      <div className="field">
        <label htmlFor="inspector-edge-label" className="field-label">
          label
        </label>
        <input
          id="inspector-edge-label"
          value={edge.label ?? ""}
          onChange={(e) =>
            store.getState().edit((t) => setEdgeLabel(t, edge, e.target.value), { coalesce: `edge.${edgeId}` })
          }
        />
        <span className="field-help">out of a gate: the branch value this edge takes (else catches the rest)</span>
      </div>
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
