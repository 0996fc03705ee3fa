"use client";
/** Says that unsaved changes from this browser were restored, and offers to drop them. */
import { useState } from "react";
import type { Template } from "@/lib/workflow/model/template-schema";
import { useEditor, useEditorStore } from "./editor-provider";
import { clearLocalDraft } from "./use-local-draft";

export function RestoredDraftBanner(props: {
  savedAt: string;
  server: Template | null;
  storageId: string | null;
  /** The version the local draft started from, and the library's latest, when they differ. */
  staleFrom?: { base: number | null; latest: number };
}) {
  const store = useEditorStore();
  const dirty = useEditor((s) => s.draft !== s.saved);
  const [closed, setClosed] = useState(false);
  if (closed || !dirty) return null;
  return (
    <div className="banner" role="status">
      Restored your unsaved changes from {new Date(props.savedAt).toLocaleString()}
      {props.staleFrom &&
        ` (made on version ${props.staleFrom.base ?? "?"}; the library now has version ${props.staleFrom.latest}: saving replaces it)`}
      .{" "}
      <button
        type="button"
        className="link-button"
        onClick={() => {
          clearLocalDraft(props.storageId);
          if (props.server) store.getState().replace(props.server, store.getState().saved);
          setClosed(true);
        }}
      >
        Discard them
      </button>
    </div>
  );
}
