/**
 * `simulate(spec, vars, options)`: checks the mocks and decisions against the plan, simulates the run
 * (`simulateRun`) and shapes the answer (`simulationResult`), with an estimate when the history is given.
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import type { RunSpec } from "@/lib/workflow/run/run-spec";
import { checkSimulationInput } from "./check-simulation-input";
import { estimateDuration, type NodeDurationStats } from "./estimate-duration";
import type { SimulationOptions } from "./simulation-input";
import { simulateRun, type SimulationTrace } from "./simulate-run";
import { simulationResult, type SimulationResult } from "./simulation-result";

export type SimulateOutcome =
  { ok: true; result: SimulationResult; trace: SimulationTrace } | { ok: false; diagnostics: Diagnostic[] };

export function simulate(
  spec: RunSpec,
  vars: Record<string, string>,
  o: SimulationOptions & { history?: NodeDurationStats } = {},
): SimulateOutcome {
  const diagnostics = checkSimulationInput(spec, o);
  if (diagnostics.length) return { ok: false, diagnostics };
  const trace = simulateRun(spec, vars, o);
  const result = simulationResult(spec, trace, o);
  const estimate = o.history ? estimateDuration(spec, trace.state, trace.durations, o.history) : undefined;
  return { ok: true, result: estimate ? { ...result, estimate } : result, trace };
}
