"use client";
/**
 * The editor's one row above the canvas: where you are (Templates / name, version, unsaved), the
 * toolbar, Simulate (what a run would do, nothing run), Save and Run… (the Run form opens under it).
 */
import Link from "next/link";
import type { ReactNode } from "react";
import { useCan } from "@/components/app-shell/session-provider";
import { RunForm } from "@/components/run/run-form";
import { hasErrors } from "@/lib/workflow/model/diagnostic";
import { useEditor, useEditorStore } from "./editor-provider";
import { EditorToolbar, type ToolbarActions } from "./editor-toolbar";

export function EditorBar(
  props: ToolbarActions & {
    save(): void;
    saving: boolean;
    runOpen: boolean;
    onRun(): void;
    onSimulate(): void;
    simulating: boolean;
    /** The version badge opens the version history (on a saved template). */
    onVersions?: () => void;
    /** On the crumb line above the title (the template page's tabs), taking no width from the toolbar. */
    tabs?: ReactNode;
  },
) {
  const store = useEditorStore();
  const canEdit = useCan("editor");
  const name = useEditor((s) => s.draft.name);
  const version = useEditor((s) => s.version);
  const templateId = useEditor((s) => s.templateId);
  const dirty = useEditor((s) => s.draft !== s.saved);
  const errors = useEditor((s) => hasErrors(s.diagnostics));
  const { save, saving, runOpen, onRun, onVersions, onSimulate, simulating, tabs, ...toolbar } = props;
  return (
    <div className="editor-bar">
      <div className="editor-title">
        <div className="muted small editor-crumb">
          <span>
            <Link href="/templates">Templates</Link> / {templateId ? "template" : "new workflow"}
          </span>
          {tabs}
        </div>
        <div className="title-row">
          <h1 title={name || "Untitled workflow"}>{name || "Untitled workflow"}</h1>
          {version !== null &&
            (onVersions ? (
              <button type="button" className="badge badge-button" onClick={onVersions} title="Version history">
                v{version}
              </button>
            ) : (
              <span className="badge">v{version}</span>
            ))}
          {dirty && (
            <span className="badge badge-warn" title="Saved in this browser until you press Save">
              Unsaved
              <span className="sr-only"> changes</span>
            </span>
          )}
          {!canEdit && (
            <span className="badge" title="Your role can look, not change or run">
              Read only
            </span>
          )}
        </div>
      </div>
      <EditorToolbar {...toolbar} />
      <div className="button-row editor-actions">
        <button
          type="button"
          className="button"
          onClick={onSimulate}
          disabled={errors || simulating}
          title={
            errors
              ? "Fix the errors listed under Problems before simulating"
              : "What a run would do — which branches, what a failure skips, how long — with nothing run"
          }
        >
          Simulate
        </button>
        <button
          type="button"
          className="button"
          onClick={save}
          disabled={saving}
          title="Save (Ctrl/⌘ S)"
          style={canEdit ? undefined : { display: "none" }}
        >
          Save
        </button>
        <button
          type="button"
          className="button button-primary"
          style={canEdit ? undefined : { display: "none" }}
          onClick={onRun}
          disabled={errors || saving}
          aria-expanded={runOpen}
          title={errors ? "Fix the errors listed under Problems before running" : "Run this workflow"}
        >
          Run…
        </button>
        {runOpen && templateId && (
          <div className="run-popover">
            <RunForm templateId={templateId} template={store.getState().draft} />
          </div>
        )}
      </div>
    </div>
  );
}
