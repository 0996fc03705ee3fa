"use client";
/**
 * The draft autosaves to this browser (localStorage) while it has unsaved changes, so a reload
 * resumes the design; saving clears it. Keyed by template id (`new` on /compose).
 */
import { useEffect } from "react";
import type { EditorStore } from "@/lib/stores/editor-store";
import { TemplateSchema, type Template } from "@/lib/workflow/model/template-schema";
import { useEditor } from "./editor-provider";

const KEY_PREFIX = "wf-draft:";

export interface LocalDraft {
  template: Template;
  savedAt: string;
  /** The server version the draft was based on. */
  baseVersion: number | null;
}

export function localDraftKey(templateId: string | null): string {
  return `${KEY_PREFIX}${templateId ?? "new"}`;
}

/** The local draft for a template, if one was left unsaved (and still parses). */
export function readLocalDraft(templateId: string | null): LocalDraft | null {
  try {
    const raw = localStorage.getItem(localDraftKey(templateId));
    if (!raw) return null;
    const value = JSON.parse(raw) as LocalDraft;
    const parsed = TemplateSchema.safeParse(value.template);
    return parsed.success ? { ...value, template: parsed.data } : null;
  } catch {
    return null;
  }
}

export function clearLocalDraft(templateId: string | null): void {
  try {
    localStorage.removeItem(localDraftKey(templateId));
  } catch {
    // Storage disabled: nothing was kept either.
  }
}

export function useLocalDraft(store: EditorStore, storageId: string | null): void {
  const draft = useEditor((s) => s.draft);
  const saved = useEditor((s) => s.saved);
  useEffect(() => {
    const timer = setTimeout(() => {
      const key = localDraftKey(storageId);
      try {
        if (draft === saved) localStorage.removeItem(key);
        else {
          const value: LocalDraft = {
            template: draft,
            savedAt: new Date().toISOString(),
            baseVersion: store.getState().version,
          };
          localStorage.setItem(key, JSON.stringify(value));
        }
      } catch {
        // Full or disabled storage: the server copy is still there; nothing to do.
      }
    }, 300);
    return () => clearTimeout(timer);
  }, [draft, saved, store, storageId]);
}
