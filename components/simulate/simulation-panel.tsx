"use client";
/**
 * The editor's `Simulation` region: what a run of the draft would do, with nothing run
 * (docs/simulate.md) — the steps in order with the nodes started together, each node's predicted
 * status and why, each gate's branch and why, the people's decisions assumed, and how long it
 * usually takes.
 */
import { useState } from "react";
import type { SimulationResult } from "@/lib/workflow/simulate/simulation-result";
import { RunEstimate } from "./run-estimate";

/** Entries drawn per list until "Show all" (a 1,000-node answer would be thousands of elements). */
const SHOWN = 150;

/** The batches whose nodes fit in `limit` entries (at least one batch). */
function firstBatches(batches: readonly string[][], limit: number): string[][] {
  const out: string[][] = [];
  let count = 0;
  for (const b of batches) {
    if (out.length > 0 && count + b.length > limit) break;
    out.push(b);
    count += b.length;
  }
  return out;
}

function ShowAll({ hidden, onShow }: { hidden: number; onShow: () => void }) {
  if (hidden <= 0) return null;
  return (
    <button type="button" className="link-button small" onClick={onShow}>
      Show all ({hidden} more)
    </button>
  );
}

const STATUS_ICON: Record<string, string> = {
  done: "✓",
  skipped: "⤼",
  failed: "✖",
  waiting: "⏸",
  pending: "·",
  cancelled: "■",
};

export function SimulationPanel({
  result,
  error,
  pending,
  assumed,
  failing,
  given,
  stale,
  names,
  onClose,
}: {
  result: SimulationResult | undefined;
  error: string | undefined;
  pending: boolean;
  /** What the editor assumed before asking (variables it had no value for). */
  assumed: string[];
  /** The nodes this simulation forced to fail ("what if this fails?"). */
  failing: string[];
  /** The nodes given a pinned output. */
  given: string[];
  /** The draft changed since: the answer is about an older one. */
  stale: boolean;
  /** Node names by id, to say more than an id. */
  names: Record<string, string>;
  onClose: () => void;
}) {
  const [all, setAll] = useState(false);
  const byId = new Map(result?.nodes.map((n) => [n.id, n]) ?? []);
  const started = new Set(result?.batches.flat());
  const notStarted = result?.nodes.filter((n) => !started.has(n.id));
  const label = (id: string) => (names[id] && names[id] !== id ? `${id} ${names[id]}` : id);
  return (
    <section role="region" aria-label="Simulation" className="simulation-panel" aria-busy={pending || undefined}>
      <div className="simulation-head">
        <h2>Simulation</h2>
        <button type="button" className="button" onClick={onClose} aria-label="Close the simulation">
          ✕
        </button>
      </div>
      <p className="muted small">Nothing ran: no process, file, request or agent call, and no run was stored.</p>
      {failing.length > 0 && (
        <p data-testid="simulation-failing">
          What if {failing.map(label).join(", ")} {failing.length === 1 ? "fails" : "fail"}?
        </p>
      )}
      {given.length > 0 && (
        <p data-testid="simulation-given" className="small">
          With the pinned output of {given.map(label).join(", ")}.
        </p>
      )}
      {stale && <p className="muted small">The workflow changed since: press Simulate again.</p>}
      {error && <p role="alert">{error}</p>}
      {result && (
        <>
          <p data-testid="simulation-status">
            A run would end <strong>{result.status}</strong>. <RunEstimate estimate={result.estimate} />
          </p>
          <ol className="simulation-steps" aria-label="Simulated steps">
            {(all ? result.batches : firstBatches(result.batches, SHOWN)).map((batch, i) => (
              <li key={i}>
                <span className="muted small">{batch.length > 1 ? "together: " : ""}</span>
                {batch.map((id, j) => {
                  const n = byId.get(id);
                  return (
                    <span key={`${id}-${j}`} className={`sim-step sim-${n?.status ?? "pending"}`} data-node-id={id}>
                      {j > 0 ? ", " : ""}
                      <span aria-hidden>{STATUS_ICON[n?.status ?? "pending"]}</span> {label(id)}{" "}
                      <span className="muted small">
                        {n?.status}
                        {n?.reason ? ` — ${n.reason}` : ""}
                      </span>
                    </span>
                  );
                })}
              </li>
            ))}
          </ol>
          {!all && (
            <ShowAll
              hidden={result.batches.flat().length - firstBatches(result.batches, SHOWN).flat().length}
              onShow={() => setAll(true)}
            />
          )}
          {notStarted && notStarted.length > 0 && (
            <>
              <h3>Would not run</h3>
              <ul className="simulation-skipped" aria-label="Would not run">
                {(all ? notStarted : notStarted.slice(0, SHOWN)).map((n) => (
                  <li key={n.id} className={`sim-${n.status}`} data-node-id={n.id}>
                    <span aria-hidden>{STATUS_ICON[n.status]}</span> {label(n.id)}{" "}
                    <span className="muted small">
                      {n.status}
                      {n.reason ? ` — ${n.reason}` : ""}
                    </span>
                  </li>
                ))}
              </ul>
              {!all && <ShowAll hidden={notStarted.length - SHOWN} onShow={() => setAll(true)} />}
            </>
          )}
          {result.gates.length > 0 && (
            <>
              <h3>Gates</h3>
              <ul aria-label="Gates">
                {result.gates.map((g) => (
                  <li key={g.nodeId} data-gate={g.nodeId}>
                    {label(g.nodeId)}:{" "}
                    {g.taken.length ? `branch ${g.taken.map((t) => `"${t}"`).join(", ")}` : "no branch"}
                    <div className="muted small">{g.why}</div>
                  </li>
                ))}
              </ul>
            </>
          )}
          {assumed.length + result.assumed.length > 0 && (
            <>
              <h3>Assumed</h3>
              <ul aria-label="Assumed" className="small">
                {[...assumed, ...result.assumed].map((a, i) => (
                  <li key={i}>{a}</li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
