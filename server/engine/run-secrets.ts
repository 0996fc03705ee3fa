/**
 * A run's secrets (docs/security.md, "Secrets"): the names its template references as `{secrets.NAME}`, their
 * values from the engine's secret source (the encrypted store on the server, WF_SECRET_<NAME> for
 * the CLI) held in memory only, and the redactor applied to every event before it is recorded.
 */
import type { Diagnostic } from "@/lib/workflow/model/diagnostic";
import { createRedactor, type Redactor } from "@/lib/workflow/run/redact-secrets";
import { RUN_CODES } from "@/lib/workflow/run/run-codes";
import { listTemplateReferencesInSlices } from "@/lib/workflow/model/template-references";
import { finish, type Sliced } from "@/lib/workflow/slices/sliced";
import type { Template } from "@/lib/workflow/model/template-schema";
import type { UnreadableSecretError } from "@/server/secrets/unreadable-secret-error";

/**
 * Returns the values of the named secrets that exist. Throws an UnreadableSecretError for one it holds but
 * cannot open (sealed under another key).
 */
export type SecretSource = (names: readonly string[]) => Record<string, string>;

export interface RunSecrets {
  values: Readonly<Record<string, string>>;
  redact: Redactor;
}

/** Secrets from an environment as `WF_SECRET_<NAME>`: what `wf run` offers without a server. */
export function environmentSecretSource(env: Readonly<Record<string, string | undefined>>): SecretSource {
  return (names) => {
    const out: Record<string, string> = {};
    for (const n of names) {
      const v = env[`WF_SECRET_${n}`];
      if (v !== undefined) out[n] = v;
    }
    return out;
  };
}

/**
 * The run's secrets, or diagnostics naming each node and field that references a missing one (RUN030) or one
 * this process cannot open (RUN046: then only that one's references, since no value was read).
 */
export function resolveRunSecrets(
  template: Template,
  source: SecretSource | undefined,
): { secrets?: RunSecrets; diagnostics: Diagnostic[] } {
  return finish(resolveRunSecretsInSlices(template, source));
}

/** `resolveRunSecrets` in slices (the start of a large run: see `sliced.ts`). */
export function* resolveRunSecretsInSlices(
  template: Template,
  source: SecretSource | undefined,
): Sliced<{ secrets?: RunSecrets; diagnostics: Diagnostic[] }> {
  const refs = (yield* listTemplateReferencesInSlices(template)).filter((r) => r.ref.kind === "secret");
  if (refs.length === 0) return { diagnostics: [] };
  const names = [...new Set(refs.map((r) => (r.ref as { name: string }).name))];
  let values: Record<string, string> = {};
  let unreadable: string | undefined;
  try {
    values = source ? source(names) : {};
  } catch (err) {
    // By name, not instanceof: Next bundles the composition root (whose vault throws it) apart from the routes.
    if (!(err instanceof Error && err.name === "UnreadableSecretError")) throw err;
    unreadable = (err as UnreadableSecretError).secret;
  }
  // One unreadable: only its references (no value was read); else every reference without a value.
  const code = unreadable === undefined ? "RUN030" : "RUN046";
  const diagnostics: Diagnostic[] = refs.flatMap((r) => {
    const name = (r.ref as { name: string }).name;
    if (unreadable === undefined ? Object.hasOwn(values, name) : name !== unreadable) return [];
    const message = RUN_CODES[code](r.nodeId, r.field, name);
    return [{ severity: "error" as const, code, message, nodeId: r.nodeId, field: r.field }];
  });
  if (diagnostics.length) return { diagnostics };
  const redact = createRedactor(Object.values(values));
  return { secrets: { values, redact: redact ?? ((t) => t) }, diagnostics: [] };
}
