"use client";
/**
 * The palette (docs/ui.md): the eight node types and the executor catalog's entries. Click adds
 * at the centre of the view; dragging onto the canvas adds at the drop point.
 */
import { NODE_TYPES, type NodeType } from "@/lib/workflow/model/template-schema";
import { TYPE_ICONS } from "@/components/editor/node-type-icons";

/** The drag payload's type: `<type>` or `skill:<catalog entry>`. */
export const PALETTE_MIME = "application/x-wf-node";

export interface CatalogEntry {
  name: string;
  kind: string;
  description?: string;
}

const TYPE_HELP: Record<NodeType, string> = {
  shell: "a command line",
  agent: "a prompt to an agent",
  skill: "an executor-catalog entry",
  http: "an HTTP request",
  human: "a person answers",
  checkpoint: "save state, maybe pause",
  gate: "pick a branch",
  loop: "repeat up to N times",
};

export function NodePalette({
  onAdd,
  catalog,
}: {
  onAdd: (type: NodeType, executor?: string) => void;
  catalog: readonly CatalogEntry[];
}) {
  return (
    <section className="palette" role="region" aria-label="Palette">
      <h2 className="panel-title">Add a node</h2>
      <ul className="palette-list">
        {NODE_TYPES.map((type) => (
          <li key={type}>
            <button
              type="button"
              className="palette-item"
              aria-label={`Add ${type} node`}
              title={`Click to add at the centre, or drag onto the canvas: ${TYPE_HELP[type]}`}
              draggable
              onDragStart={(e) => {
                e.dataTransfer.setData(PALETTE_MIME, type);
                e.dataTransfer.effectAllowed = "copy";
              }}
              onClick={() => onAdd(type)}
            >
              <span className={`palette-icon wf-type-${type}`} aria-hidden>
                {TYPE_ICONS[type]}
              </span>
              <span>
                <span className="palette-name">{type}</span>
                <span className="palette-help">{TYPE_HELP[type]}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {catalog.length > 0 && (
        <>
          <h3 className="panel-subtitle">Executor catalog</h3>
          <ul className="palette-list palette-catalog">
            {catalog.map((entry) => (
              <li key={entry.name}>
                <button
                  type="button"
                  className="palette-item"
                  aria-label={`Add skill ${entry.name}`}
                  title={entry.description ?? entry.name}
                  draggable
                  onDragStart={(e) => {
                    e.dataTransfer.setData(PALETTE_MIME, `skill:${entry.name}`);
                    e.dataTransfer.effectAllowed = "copy";
                  }}
                  onClick={() => onAdd("skill", entry.name)}
                >
                  <span className="palette-icon wf-type-skill" aria-hidden>
                    {TYPE_ICONS.skill}
                  </span>
                  <span>
                    <span className="palette-name">{entry.name}</span>
                    <span className="palette-help">{entry.kind}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
