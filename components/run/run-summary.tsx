"use client";
/** The run's final summary (docs/engine.md, "Progress lines") once the run has ended. */
import { formatRunSummary } from "@/lib/workflow/run/format-run-progress";
import type { RunSpec } from "@/lib/workflow/run/run-spec";
import type { RunState } from "@/lib/workflow/run/run-state";

export function RunSummary({ spec, state, title }: { spec: RunSpec; state: RunState; title: string }) {
  return (
    <section aria-labelledby="run-summary-heading">
      <h2 id="run-summary-heading">Summary</h2>
      <pre className="code run-summary" data-testid="run-summary">
        {formatRunSummary(spec, state, title)}
      </pre>
    </section>
  );
}
