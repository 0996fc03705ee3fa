"use client";
/**
 * Live problems: the model validator runs on the draft after each pause in editing, in the page's
 * worker (workflow.worker.ts), so typing and dragging stay smooth however long it takes; an answer
 * for an older draft than the latest request is dropped. What the page knows about agent providers
 * goes along, so a node that needs one while none is ready is a warning (WF110).
 */
import { useEffect, useRef } from "react";
import { useProviderReadiness } from "@/components/common/use-provider-readiness";
import type { EditorStore } from "@/lib/stores/editor-store";
import { useEditor } from "./editor-provider";
import { validateInWorker } from "./workflow-worker-client";

const PAUSE_MS = 120;
/** The first validation waits for the page to settle (the worker's script is large to load). */
const FIRST_WAIT_MS = 800;

export function useDraftValidation(store: EditorStore): void {
  const draft = useEditor((s) => s.draft);
  // Known providers add WF110 on nodes that need one while none is ready (revalidated when they change).
  const providers = useProviderReadiness();
  const latest = useRef(0);
  useEffect(() => {
    const wait = latest.current === 0 ? FIRST_WAIT_MS : PAUSE_MS;
    const timer = setTimeout(() => {
      const seq = ++latest.current;
      const started = performance.now();
      void validateInWorker(draft, providers).then(({ diagnostics }) => {
        if (seq !== latest.current) return;
        store.getState().setDiagnostics(draft, diagnostics);
        // Read by `npm run bench:ui`: the round trip of each validation, request to answer (ms).
        (window as unknown as { __wfValidationMs?: number[] }).__wfValidationMs?.push(performance.now() - started);
      });
    }, wait);
    return () => clearTimeout(timer);
  }, [draft, providers, store]);
}
