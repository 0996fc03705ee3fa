/**
 * Whether an agent provider can answer now, by the same rule for Settings' list, run.start's
 * precondition and the editor's warning: a CLI provider's program is on the server's PATH; an
 * OpenAI-compatible one has a base URL, a model and, when it names one, an existing secret.
 */
import type { ProviderEntry } from "./agent-providers";
import { findOnPath } from "./find-on-path";

export function isProviderReady(entry: ProviderEntry, secretNames: ReadonlySet<string>): boolean {
  if (entry.kind === "cli") return Boolean(entry.command?.[0] && findOnPath(entry.command[0]));
  if (!entry.baseUrl || !entry.model) return false;
  return !entry.apiKeySecret || secretNames.has(entry.apiKeySecret);
}

/** The provider a node asking for `name` gets, as the agent executor picks it: that one when configured, else the default. */
export function providerFor(entries: readonly ProviderEntry[], name?: string): ProviderEntry | undefined {
  return (name ? entries.find((e) => e.name === name) : undefined) ?? entries.find((e) => e.default);
}
