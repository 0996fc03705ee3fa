/**
 * Why a gate took its branch, in one sentence a person reads on the canvas: where the value came from (the
 * condition as written and what it became, the expression, its own output, a person), the label it matched
 * (or `else`) and what the other branches skip.
 */
import type { GateDecision } from "@/lib/workflow/run/run-state";

export interface GateWhyInput {
  decision: GateDecision;
  /** The value the condition gave before a person chose (it matched no branch). */
  unmatched?: string;
  /** The person's choice was assumed, not given. */
  assumed?: boolean;
  /** The gate's value was its mock's output. */
  mocked?: boolean;
}

const q = (s: string) => JSON.stringify(s);

function origin(d: GateDecision, mocked: boolean | undefined): string {
  if (d.source === "expression") return `expression ${d.condition ?? ""} gave ${q(d.value)}`;
  if (d.source === "condition") return `condition ${q(d.condition ?? "")} became ${q(d.value)}`;
  return `${mocked ? "its mocked output" : "its own output"} was ${q(d.value)}`;
}

export function gateWhy({ decision: d, unmatched, assumed, mocked }: GateWhyInput): string {
  const label = d.label ?? d.value;
  let head: string;
  if (d.source === "person") {
    const who = assumed ? "a person is assumed to choose" : "a person chose";
    head =
      unmatched !== undefined
        ? `the value ${q(unmatched)} matches no branch; ${who} ${q(d.value)} → branch ${q(label)}`
        : `no condition: ${who} ${q(d.value)} → branch ${q(label)}`;
  } else {
    const match = label === "else" && d.value !== "else" ? `matches no label → branch "else"` : `→ branch ${q(label)}`;
    head = `${origin(d, mocked)} ${match}`;
  }
  return d.skipped.length ? `${head}; skips ${d.skipped.join(", ")}` : head;
}
