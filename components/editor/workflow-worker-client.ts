"use client";
/**
 * The page's side of workflow.worker.ts: one worker per page, created on first use (never on the
 * server), requests matched to answers by id. Without Worker support the same functions run here.
 */
import type { ImportResult } from "@/lib/formats/import-result";
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { validateOptions, type ProviderReadiness } from "@/components/common/provider-readiness";

export type WorkflowWorkerRequest =
  | { id: number; kind: "validate"; template: unknown; providers?: ProviderReadiness }
  | { id: number; kind: "import"; filename: string; text: string };

type Body = WorkflowWorkerRequest extends infer R ? (R extends unknown ? Omit<R, "id"> : never) : never;

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, (result: unknown) => void>();

function getWorker(): Worker | null {
  if (typeof Worker === "undefined") return null;
  if (!worker) {
    worker = new Worker(new URL("./workflow.worker.ts", import.meta.url));
    worker.onmessage = (e: MessageEvent<{ id: number; result: unknown }>) => {
      const resolve = waiting.get(e.data.id);
      waiting.delete(e.data.id);
      resolve?.(e.data.result);
    };
  }
  return worker;
}

function ask<T>(body: Body): Promise<T> {
  const w = getWorker();
  if (!w) return runHere(body) as Promise<T>;
  const id = ++nextId;
  return new Promise<T>((resolve) => {
    waiting.set(id, resolve as (result: unknown) => void);
    w.postMessage({ ...body, id });
  });
}

async function runHere(body: Body): Promise<unknown> {
  if (body.kind === "validate") {
    const { validateTemplate } = await import("@/lib/workflow/validate/validate-template");
    return { diagnostics: validateTemplate(body.template, validateOptions(body.providers)).diagnostics };
  }
  const { importWorkflow } = await import("@/lib/formats/import-workflow");
  return importWorkflow({ filename: body.filename, text: body.text });
}

/** The validator's diagnostics for `template`. */
export function validateInWorker(
  template: unknown,
  providers?: ProviderReadiness,
): Promise<{ diagnostics: Diagnostic[] }> {
  return ask({ kind: "validate", template, ...(providers ? { providers } : {}) });
}

/** Imports a workflow file's text (the importer is picked by the file name's extension). */
export function importInWorker(filename: string, text: string): Promise<ImportResult> {
  return ask({ kind: "import", filename, text });
}
