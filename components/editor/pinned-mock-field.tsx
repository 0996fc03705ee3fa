"use client";
/**
 * A node's pinned outcome for the next simulations, in its inspector: not pinned (it succeeds with an
 * empty output), succeeds with a given output, or fails with a given reason. Pins live in the editor
 * (not in the template), so a real run never sees them; Simulate sends them as `mocks`.
 */
import { useEditor, useEditorStore } from "@/components/editor/editor-provider";
import type { SimulationMock } from "@/lib/workflow/simulate/simulation-input";

type Outcome = "none" | "done" | "failed";

export function PinnedMockField({ nodeId }: { nodeId: string }) {
  const store = useEditorStore();
  const pinned = useEditor((s) => s.pinnedMocks[nodeId]);
  const outcome: Outcome = !pinned ? "none" : pinned.status === "failed" ? "failed" : "done";
  const pin = (mock: SimulationMock | null) => store.getState().pinMock(nodeId, mock);
  return (
    <details className="inspector-more" open={pinned ? true : undefined} data-testid="pinned-mock">
      <summary>
        Simulation{" "}
        {pinned && (
          <span className="badge" data-testid="pinned-mock-badge">
            pinned: {outcome === "failed" ? "fails" : "output"}
          </span>
        )}
      </summary>
      <p className="muted small">For the next Simulate only; a real run never uses it.</p>
      <div className="field">
        <label htmlFor="pinned-mock-outcome" className="field-label">
          simulated outcome
        </label>
        <select
          id="pinned-mock-outcome"
          value={outcome}
          onChange={(e) => {
            const next = e.target.value as Outcome;
            if (next === "none") pin(null);
            else if (next === "failed") pin({ status: "failed", error: pinned?.error ?? "" });
            else pin({ status: "done", output: pinned?.output ?? "" });
          }}
        >
          <option value="none">not pinned (succeeds, empty output)</option>
          <option value="done">succeeds with this output</option>
          <option value="failed">fails</option>
        </select>
      </div>
      {outcome === "done" && (
        <div className="field">
          <label htmlFor="pinned-mock-output" className="field-label">
            mock output
          </label>
          <textarea
            id="pinned-mock-output"
            rows={3}
            value={pinned?.output ?? ""}
            onChange={(e) => pin({ status: "done", output: e.target.value })}
          />
          <span className="field-help">what later nodes and gates read as this node's output</span>
        </div>
      )}
      {outcome === "failed" && (
        <div className="field">
          <label htmlFor="pinned-mock-error" className="field-label">
            failure reason
          </label>
          <input
            id="pinned-mock-error"
            value={pinned?.error ?? ""}
            placeholder="simulated failure"
            onChange={(e) => pin({ status: "failed", error: e.target.value })}
          />
          <span className="field-help">its policy (retries, on_fail, fallback) applies as in a run</span>
        </div>
      )}
    </details>
  );
}
