/**
 * The editor's heavy model work, off the main thread: validating the draft and importing text
 * (Mermaid, playbook YAML, template JSON). At 1,000 nodes either takes longer than a frame (the
 * shell tokenizer reads every command line), so typing and dragging never wait for them.
 */
import { importWorkflow } from "@/lib/formats/import-workflow";
import { validateTemplate } from "@/lib/workflow/validate/validate-template";
import { validateOptions } from "@/components/common/provider-readiness";
import type { WorkflowWorkerRequest } from "./workflow-worker-client";

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<WorkflowWorkerRequest>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = (e) => {
  const request = e.data;
  const result =
    request.kind === "validate"
      ? { diagnostics: validateTemplate(request.template, validateOptions(request.providers)).diagnostics }
      : importWorkflow({ filename: request.filename, text: request.text });
  scope.postMessage({ id: request.id, result });
};
