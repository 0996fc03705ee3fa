/**
 * The editor's validator, off the main thread: it receives `{ seq, template }` and answers
 * `{ seq, diagnostics, ms }`. Validation at 1,000 nodes takes longer than a frame (the shell
 * tokenizer reads every command line), so typing and dragging never wait for it.
 */
import { validateTemplate } from "@/lib/workflow/validate-template";

interface Request {
  seq: number;
  template: unknown;
}

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<Request>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = (e) => {
  const started = performance.now();
  const { diagnostics } = validateTemplate(e.data.template);
  scope.postMessage({ seq: e.data.seq, diagnostics, ms: performance.now() - started });
};
