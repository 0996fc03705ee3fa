"use client";
/** One editor store per editor on the page (never a module singleton: the app renders on the server too). */
import { createContext, useContext, useState, type ReactNode } from "react";
import { useStore } from "zustand";
import { createEditorStore, type EditorState, type EditorStore } from "@/lib/stores/editor-store";
import type { Template } from "@/lib/workflow/model/template-schema";

const EditorContext = createContext<EditorStore | null>(null);

export function EditorProvider(props: {
  template: Template;
  templateId?: string | null;
  version?: number | null;
  saved?: Template | null;
  children: ReactNode;
}) {
  const [store] = useState(() =>
    createEditorStore({
      template: props.template,
      templateId: props.templateId,
      version: props.version,
      saved: props.saved,
    }),
  );
  return <EditorContext.Provider value={store}>{props.children}</EditorContext.Provider>;
}

export function useEditorStore(): EditorStore {
  const store = useContext(EditorContext);
  if (!store) throw new Error("useEditorStore: no EditorProvider above this component");
  return store;
}

/** A narrow selection of the editor state; re-renders only when it changes. */
export function useEditor<T>(selector: (s: EditorState) => T): T {
  return useStore(useEditorStore(), selector);
}
