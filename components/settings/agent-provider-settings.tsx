"use client";
/**
 * Settings → Agent providers: every provider the server knows (saved here, from the providers file
 * or the environment, each marked), whether it is ready, the default; admins add, edit, test, set
 * the default and delete the ones saved here. Agent CLIs found on the server's PATH are offered.
 * Editors see names and readiness only.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useCan } from "@/components/app-shell/session-provider";
import { FormError } from "@/components/common/form-error";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import { AgentProviderForm, EMPTY_PROVIDER, type ProviderDraft } from "./agent-provider-form";

const SOURCE_LABEL = { settings: "Settings", file: "providers file", env: "environment" } as const;

/** An argument list as one line the form splits back the same way (quoted where it has spaces or quotes). */
const commandLine = (argv: readonly string[]) =>
  argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(" ");

type TestResult = { ok: boolean; latencyMs: number; sample?: string; error?: string };

export function AgentProviderSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const isAdmin = useCan("admin");
  const providers = useQuery(trpc.provider.list.queryOptions());
  const secrets = useQuery({ ...trpc.secret.list.queryOptions(), enabled: isAdmin });
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.provider.list.queryKey() });
  const save = useMutation(trpc.provider.save.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.provider.delete.mutationOptions({ onSuccess: refresh }));
  const setDefault = useMutation(trpc.provider.setDefault.mutationOptions({ onSuccess: refresh }));
  const test = useMutation(trpc.provider.test.mutationOptions());
  const [tests, setTests] = useState<Record<string, TestResult>>({});
  // The form restarts (key) with what Edit or a detected CLI puts in it.
  const [draft, setDraft] = useState<{ key: number; value: ProviderDraft }>({ key: 0, value: EMPTY_PROVIDER });
  const fill = (value: ProviderDraft) => setDraft((d) => ({ key: d.key + 1, value }));

  const items = providers.data?.items ?? [];
  const saved = items.filter((p) => p.source === "settings").map((p) => p.name);
  const detected = (providers.data?.detected ?? []).filter((c) => !items.some((p) => p.name === c.name));

  function runTest(name: string) {
    test.mutate({ name }, { onSuccess: (r) => setTests((t) => ({ ...t, [name]: r })) });
  }

  return (
    <section id="agent-providers" aria-labelledby="providers-heading" className="settings-section">
      <h2 id="providers-heading">Agent providers</h2>
      <p className="muted small">
        Agent nodes, skills whose recipe is an agent and <code>agent_confirms</code> checks ask a provider: a command on
        this server (its prompt on standard input, its answer on standard output) or an OpenAI-compatible endpoint. A
        node without a <code>provider</code> field asks the default one.
      </p>
      <table className="table">
        <thead>
          <tr>
            <th>Name</th>
            <th>Kind</th>
            <th>From</th>
            <th>Ready</th>
            {isAdmin && <th>Reached by</th>}
            <th>Default</th>
            {isAdmin && <th />}
          </tr>
        </thead>
        <tbody>
          {items.map((p) => {
            const result = tests[p.name];
            return (
              <tr key={p.name} aria-label={`Provider ${p.name}`}>
                <td>
                  <code>{p.name}</code>
                </td>
                <td>{p.kind === "cli" ? "CLI" : "OpenAI-compatible"}</td>
                <td>{SOURCE_LABEL[p.source]}</td>
                <td>{p.ready ? "ready" : <span className="provider-not-ready">not ready</span>}</td>
                {isAdmin && (
                  <td>
                    <code>{"command" in p && p.command ? commandLine(p.command) : ""}</code>
                    {"baseUrl" in p && p.baseUrl ? (
                      <code>
                        {p.baseUrl} · {"model" in p ? p.model : ""}
                      </code>
                    ) : null}
                    {"apiKeySecret" in p && p.apiKeySecret ? (
                      <span className="muted small"> key: secret {p.apiKeySecret}</span>
                    ) : null}
                  </td>
                )}
                <td>{p.default ? <span className="badge">default</span> : null}</td>
                {isAdmin && (
                  <td>
                    <div className="button-row">
                      <button
                        type="button"
                        className="button"
                        disabled={test.isPending && test.variables?.name === p.name}
                        onClick={() => runTest(p.name)}
                      >
                        Test
                      </button>
                      {p.source === "settings" && !p.default && (
                        <button type="button" className="button" onClick={() => setDefault.mutate({ name: p.name })}>
                          Make default
                        </button>
                      )}
                      {p.source === "settings" && (
                        <>
                          <button
                            type="button"
                            className="button"
                            onClick={() =>
                              fill({
                                ...EMPTY_PROVIDER,
                                name: p.name,
                                kind: p.kind,
                                command: "command" in p && p.command ? commandLine(p.command) : "",
                                baseUrl: ("baseUrl" in p && p.baseUrl) || "",
                                model: ("model" in p && p.model) || "",
                                apiKeySecret: ("apiKeySecret" in p && p.apiKeySecret) || "",
                              })
                            }
                          >
                            Edit
                          </button>
                          <button
                            type="button"
                            className="button button-danger"
                            aria-label={`Delete provider ${p.name}`}
                            onClick={() => {
                              if (window.confirm(`Delete the agent provider ${p.name}?`))
                                remove.mutate({ name: p.name });
                            }}
                          >
                            Delete
                          </button>
                        </>
                      )}
                    </div>
                    {result && (
                      <p role="status" className={result.ok ? "provider-test-ok small" : "provider-test-failed small"}>
                        {result.ok
                          ? `Answered in ${result.latencyMs} ms: ${result.sample || "(an empty line)"}`
                          : `Failed after ${result.latencyMs} ms — ${result.error}`}
                      </p>
                    )}
                  </td>
                )}
              </tr>
            );
          })}
          {providers.isSuccess && items.length === 0 && (
            <tr>
              <td colSpan={isAdmin ? 7 : 5} className="muted">
                No agent provider yet: workflows with agent nodes cannot run.
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {isAdmin && detected.length > 0 && (
        <p className="button-row small">
          Found on this server:
          {detected.map((c) => (
            <button
              key={c.name}
              type="button"
              className="button"
              onClick={() => fill({ ...EMPTY_PROVIDER, name: c.name, command: commandLine(c.command) })}
            >
              Use {commandLine(c.command)}
            </button>
          ))}
        </p>
      )}
      {isAdmin && (
        <AgentProviderForm
          key={draft.key}
          initial={draft.value}
          existing={saved}
          secretNames={secrets.data?.items.map((s) => s.name) ?? []}
          saving={save.isPending}
          onSave={(input, done) => save.mutate(input, { onSuccess: done })}
        />
      )}
      <FormError error={providers.error ?? save.error ?? remove.error ?? setDefault.error ?? test.error} />
    </section>
  );
}
