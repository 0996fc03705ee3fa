"use client";
/**
 * The editor's one row above the canvas: where you are (Templates / name, version, unsaved), the
 * toolbar, Save and Run… (the Run form opens under it).
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
    /** The version badge opens the version history (on a saved template). */
    onVersions?: () => void;
    /** After the title (the template page's tabs). */
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
  const { save, saving, runOpen, onRun, onVersions, tabs, ...toolbar } = props;
  return (
    <div className="editor-bar">
      <div className="editor-title">
        <p className="muted small editor-crumb">
          <Link href="/templates">Templates</Link> / {templateId ? "template" : "new workflow"}
        </p>
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
      {tabs}
      <EditorToolbar {...toolbar} />
      <div className="button-row editor-actions" style={canEdit ? undefined : { display: "none" }}>
        <button type="button" className="button" onClick={save} disabled={saving} title="Save (Ctrl/⌘ S)">
          Save
        </button>
        <button
          type="button"
          className="button button-primary"
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
