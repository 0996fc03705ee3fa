/**
 * renderShellCommand(plan, lookup) → the script to run and the environment carrying the values.
 * The script is the plan's (values never enter it). A value travels as the environment variable
 * its slot names; one too large for the environment (an exec limit: 128 KiB per string on Linux)
 * goes in a file the engine writes, read into an unexported shell variable by a one-line preamble,
 * so the commands the script starts never inherit it. A nested shell can only read the environment,
 * so a value that large used by one fails the node with a clear error.
 */
import type { ReferenceLookup } from "@/lib/workflow/model/references";
import type { ShellCommandPlan } from "./shell-command-plan";

/** Values up to this many UTF-8 bytes go in the environment; larger ones through a file. */
export const ENV_VALUE_MAX_BYTES = 64 * 1024;
/** All values in the environment together (argv and the host's variables share the exec limit). */
export const ENV_TOTAL_MAX_BYTES = 512 * 1024;

export interface RenderedShellCommand {
  script: string;
  /** `WF_REF_n` → value, and `WF_REF_n_FILE` → path for values passed through files. */
  env: Record<string, string>;
  /** Values the engine writes before spawning: `path` is filled in by `fileFor(name)`. */
  files: { name: string; envName: string; value: string }[];
}

export type RenderResult = ({ ok: true } & RenderedShellCommand) | { ok: false; error: string };

const utf8Length = (s: string) => (s.length * 3 <= ENV_VALUE_MAX_BYTES ? s.length : new TextEncoder().encode(s).length);

/**
 * `fileFor(name)` gives the path a large value will be written to (the engine writes `files`
 * there before the process starts). An unresolved reference passes its own text, as data.
 */
export function renderShellCommand(
  plan: Extract<ShellCommandPlan, { ok: true }>,
  lookup: ReferenceLookup,
  fileFor: (name: string) => string,
): RenderResult {
  const env: Record<string, string> = {};
  const files: RenderedShellCommand["files"] = [];
  const preamble: string[] = [];
  let total = 0;
  for (const slot of plan.refs) {
    const value = lookup(slot.ref) ?? slot.ref.raw;
    if (value.includes("\0")) return { ok: false, error: `the value of ${slot.ref.raw} contains a NUL byte` };
    if (slot.arith && !/^\s*[-+]?\d+\s*$/.test(value))
      return { ok: false, error: `${slot.ref.raw} stands in arithmetic but its value is not an integer` };
    const bytes = utf8Length(value);
    if (bytes <= ENV_VALUE_MAX_BYTES && total + bytes <= ENV_TOTAL_MAX_BYTES) {
      env[slot.name] = value;
      total += bytes;
      continue;
    }
    if (slot.nested)
      return {
        ok: false,
        error: `the value of ${slot.ref.raw} (${bytes} bytes) is too large for a nested shell's environment (limit ${ENV_VALUE_MAX_BYTES} bytes)`,
      };
    const envName = `${slot.name}_FILE`;
    env[envName] = fileFor(slot.name);
    files.push({ name: slot.name, envName, value });
    // `printf .` keeps trailing newlines, which command substitution would strip.
    preamble.push(`${slot.name}=$(cat -- "$${envName}" && printf .) || exit 125; ${slot.name}=\${${slot.name}%.}`);
  }
  const script = preamble.length ? `${preamble.join("\n")}\n${plan.script}` : plan.script;
  return { ok: true, script, env, files };
}
