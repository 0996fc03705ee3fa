"use client";
/**
 * The selected node's outgoing edges, and a way to add one without dragging a handle (keyboard
 * users, crowded canvases): pick a node, Add edge. A refused edge (a cycle, a repeat) says why.
 * Up to LIST_ALL candidates it is a list of them all; above, a box to type an id or a name into, with
 * the best matches suggested (a list of 1,000 options cost ~100 ms each time a node was selected).
 */
import { useState } from "react";
import { findNodes } from "@/lib/canvas/find-nodes";
import { connect } from "@/lib/stores/editor-commands";
import type { WorkflowNode } from "@/lib/workflow/model/template-schema";
import { useEditor, useEditorStore } from "./editor-provider";

const LIST_ALL = 100;

export function ConnectToField({ node }: { node: WorkflowNode }) {
  const store = useEditorStore();
  const nodes = useEditor((s) => s.draft.nodes);
  const edges = useEditor((s) => s.draft.edges);
  const next = edges.filter((e) => e.from === node.id).map((e) => e.to);
  const candidates = nodes.filter((n) => n.id !== node.id && !next.includes(n.id));
  const [target, setTarget] = useState("");
  const chosen = candidates.some((n) => n.id === target) ? target : "";
  return (
    <div className="field">
      <label htmlFor="connect-to" className="field-label">
        connect to
      </label>
      <div className="check-row">
        {candidates.length <= LIST_ALL ? (
          <select id="connect-to" value={chosen} onChange={(e) => setTarget(e.target.value)}>
            <option value="">(pick a node)</option>
            {candidates.map((n) => (
              <option key={n.id} value={n.id}>
                {n.id}
                {n.name ? ` · ${n.name}` : ""}
              </option>
            ))}
          </select>
        ) : (
          <>
            <input
              id="connect-to"
              list="connect-to-matches"
              placeholder="a node's id or name"
              value={target}
              onChange={(e) => setTarget(e.target.value.trim())}
            />
            <datalist id="connect-to-matches">
              {findNodes({ nodes: candidates }, target).map((n) => (
                <option key={n.id} value={n.id}>
                  {n.name}
                </option>
              ))}
            </datalist>
          </>
        )}
        <button
          type="button"
          className="button button-small"
          disabled={!chosen}
          onClick={() => {
            if (connect(store, node.id, chosen)) setTarget("");
          }}
        >
          Add edge
        </button>
      </div>
      <span className="field-help">{next.length ? `next: ${next.join(", ")}` : "no outgoing edges yet"}</span>
    </div>
  );
}
