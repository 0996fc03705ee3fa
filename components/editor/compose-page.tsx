"use client";
/** `/compose`: a new workflow on an empty canvas (or the unsaved one this browser kept). */
import { useState } from "react";
import { templateIdFor } from "@/lib/workflow/versions/template-identity";
import type { Template } from "@/lib/workflow/model/template-schema";
import { EditorProvider } from "./editor-provider";
import { RestoredDraftBanner } from "./restored-draft-banner";
import { readLocalDraft } from "./use-local-draft";
import { useIsClient } from "./use-is-client";
import { WorkflowEditor } from "./workflow-editor";

function emptyTemplate(): Template {
  return {
    template_id: templateIdFor("Untitled workflow"),
    name: "Untitled workflow",
    description: "",
    version: "1.0",
    tags: [],
    context_schema: {},
    nodes: [],
    edges: [],
    checkpoints: [],
    atomic_groups: [],
    execution_mode: "parallel",
    metadata: {},
  };
}

function ComposeEditor() {
  const [start] = useState(() => {
    const local = readLocalDraft(null);
    const empty = emptyTemplate();
    return { local, empty };
  });
  return (
    <EditorProvider template={start.local?.template ?? start.empty} saved={start.local ? start.empty : undefined}>
      <WorkflowEditor
        storageId={null}
        banner={
          start.local && <RestoredDraftBanner savedAt={start.local.savedAt} server={start.empty} storageId={null} />
        }
      />
    </EditorProvider>
  );
}

export function ComposePage() {
  return useIsClient() ? <ComposeEditor /> : <p className="muted">Loading…</p>;
}
