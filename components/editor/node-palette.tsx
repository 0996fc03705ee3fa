"use client";
/**
 * The palette (docs/ui.md): the eight node types and the executor catalog's entries. Click adds
 * at the centre of the view; dragging onto the canvas adds at the drop point. The icon and the
 * one-line help are drawn by CSS from data attributes, so each button's visible text is its type's
 * name, which its accessible name ("Add shell node") contains (axe: label-content-name-mismatch).
 */
import { NODE_TYPES, type NodeType } from "@/lib/workflow/model/template-schema";
import { TYPE_HELP } from "@/lib/stores/editor-creator";
import { TYPE_ICONS } from "@/components/canvas/node-type-icons";

/** The drag payload's type: `<type>` or `skill:<catalog entry>`. */
export const PALETTE_MIME = "application/x-wf-node";

export interface CatalogEntry {
  name: string;
  kind: string;
  description?: string;
}

export function NodePalette({
  onAdd,
  catalog,
}: {
  onAdd: (type: NodeType, executor?: string) => void;
  catalog: readonly CatalogEntry[];
}) {
  return (
    <section className="palette" role="region" aria-label="Palette">
      <h2 className="panel-title">
        Add a node <kbd title="Tab or / opens the node creator on the canvas">Tab</kbd>
      </h2>
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
              <span className={`palette-icon wf-type-${type}`} data-icon={TYPE_ICONS[type]} aria-hidden />
              <span>
                <span className="palette-name">{type}</span>
                <span className="palette-help" data-help={TYPE_HELP[type]} aria-hidden />
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
                  <span className="palette-icon wf-type-skill" data-icon={TYPE_ICONS.skill} aria-hidden />
                  <span>
                    <span className="palette-name">{entry.name}</span>
                    <span className="palette-help" data-help={entry.kind} aria-hidden />
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
