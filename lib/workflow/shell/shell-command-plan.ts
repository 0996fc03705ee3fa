/**
 * What planShellCommand answers, and how a reference is written in a planned command line: each
 * reference becomes an expansion of its own environment variable (`WF_REF_1`, …), quoted for its spot.
 * Shared by the planner that reads the parse tree and the one for plain lines.
 */
import type { Reference } from "@/lib/workflow/model/references";

export interface ShellRefSlot {
  /** The environment variable carrying the value: `WF_REF_1`, … */
  name: string;
  /** The reference (its first occurrence). */
  ref: Reference;
  /** Read by a nested shell: must travel in the environment (not in a file). */
  nested: boolean;
  /** Stands in arithmetic: the value must be an integer. */
  arith: boolean;
}

/**
 * Why a line is refused: `syntax` the tokenizer cannot read it; `placement` a reference stands where no
 * quoting can pass it; `idiom` a shell would run a value as code (a script it cannot plan: `curl {u} | sh`);
 * `evaluation` a value would be evaluated as arithmetic or used as a variable name.
 */
export type RefusalKind = "syntax" | "placement" | "idiom" | "evaluation";

export type ShellCommandPlan =
  | { ok: true; script: string; refs: ShellRefSlot[] }
  | { ok: false; kind: RefusalKind; line: number; column: number; message: string };

/** Thrown while planning; planShellCommand turns it into a refusal with a line and column. */
export class PlanRefusal extends Error {
  constructor(
    readonly kind: Exclude<RefusalKind, "syntax">,
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

export type Form = "unquoted" | "double" | "single" | "ansi" | "arith" | "comment";

export const EXPANSION: Record<Form, (name: string) => string> = {
  unquoted: (n) => `"$${n}"`,
  double: (n) => `\${${n}}`,
  single: (n) => `'"$${n}"'`,
  ansi: (n) => `'"$${n}"$'`,
  arith: (n) => `\${${n}}`,
  comment: (n) => n,
};

/** Hands out one variable per distinct reference, in the order they are met. */
export class Allocator {
  readonly slots = new Map<string, ShellRefSlot>();
  slot(ref: Reference, nested: boolean, arith: boolean): ShellRefSlot {
    let s = this.slots.get(ref.raw);
    if (!s) {
      s = { name: `WF_REF_${this.slots.size + 1}`, ref, nested, arith };
      this.slots.set(ref.raw, s);
    }
    s.nested ||= nested;
    s.arith ||= arith;
    return s;
  }
}
