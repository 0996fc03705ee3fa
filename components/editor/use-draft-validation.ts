"use client";
/**
 * Live problems: the model validator runs on the draft after each pause in editing (debounced), so
 * typing stays smooth; `npm run bench:ui` measures what one validation costs at 1,000 nodes.
 */
import { useEffect } from "react";
import { validateTemplate } from "@/lib/workflow/validate-template";
import type { EditorStore } from "@/lib/stores/editor-store";
import { useEditor } from "./editor-provider";

const PAUSE_MS = 120;

export function useDraftValidation(store: EditorStore): void {
  const draft = useEditor((s) => s.draft);
  useEffect(() => {
    const timer = setTimeout(() => {
      const started = performance.now();
      const { diagnostics } = validateTemplate(draft);
      store.getState().setDiagnostics(draft, diagnostics);
      // Read by the UI benchmark (validation time per edit).
      (window as unknown as { __wfValidationMs?: number[] }).__wfValidationMs?.push(performance.now() - started);
    }, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft, store]);
}
