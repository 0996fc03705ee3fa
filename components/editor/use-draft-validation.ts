"use client";
/**
 * Live problems: the model validator runs on the draft after each pause in editing, in a Web
 * Worker (validation.worker.ts), so typing and dragging stay smooth however long it takes; an
 * answer for an older draft than the latest request is dropped. Without workers it runs here.
 */
import { useEffect, useRef } from "react";
import type { EditorStore } from "@/lib/stores/editor-store";
import type { Diagnostic } from "@/lib/workflow/diagnostic";
import type { Template } from "@/lib/workflow/template-schema";
import { useEditor } from "./editor-provider";

const PAUSE_MS = 120;

interface Answer {
  seq: number;
  diagnostics: Diagnostic[];
  ms: number;
}

/** Read by `npm run bench:ui`: the round trip of each validation, request to answer (ms). */
function recordTiming(ms: number) {
  (window as unknown as { __wfValidationMs?: number[] }).__wfValidationMs?.push(ms);
}

export function useDraftValidation(store: EditorStore): void {
  const draft = useEditor((s) => s.draft);
  const worker = useRef<Worker | null>(null);
  const pending = useRef(new Map<number, { template: Template; at: number }>());
  const seq = useRef(0);

  useEffect(() => {
    if (typeof Worker === "undefined") return;
    const w = new Worker(new URL("./validation.worker.ts", import.meta.url));
    w.onmessage = (e: MessageEvent<Answer>) => {
      const request = pending.current.get(e.data.seq);
      pending.current.delete(e.data.seq);
      if (!request || e.data.seq !== seq.current) return;
      recordTiming(performance.now() - request.at);
      store.getState().setDiagnostics(request.template, e.data.diagnostics);
    };
    worker.current = w;
    return () => {
      w.terminate();
      worker.current = null;
      pending.current.clear();
    };
  }, [store]);

  useEffect(() => {
    const timer = setTimeout(() => {
      const n = ++seq.current;
      const at = performance.now();
      if (worker.current) {
        pending.current.set(n, { template: draft, at });
        worker.current.postMessage({ seq: n, template: draft });
        return;
      }
      void import("@/lib/workflow/validate-template").then(({ validateTemplate }) => {
        if (n !== seq.current) return;
        store.getState().setDiagnostics(draft, validateTemplate(draft).diagnostics);
        recordTiming(performance.now() - at);
      });
    }, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft, store]);
}
