"use client";
/** Settings → Secrets (admin): names and dates only; a value goes in and never comes back out. */
import { FormError } from "@/components/common/form-error";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent } from "react";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import { formatTime } from "./format-time";

export function SecretSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const secrets = useQuery(trpc.secret.list.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.secret.list.queryKey() });
  const set = useMutation(trpc.secret.set.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.secret.delete.mutationOptions({ onSuccess: refresh }));

  function onSet(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    set.mutate(
      { name: String(data.get("name") ?? ""), value: String(data.get("value") ?? "") },
      { onSuccess: () => form.reset() },
    );
  }

  return (
    <section aria-labelledby="secrets-heading" className="settings-section">
      <h2 id="secrets-heading">Secrets</h2>
      <p className="muted small">
        Use a secret in a template as <code>{"{secrets.NAME}"}</code>; shell and agent nodes also get it as the
        environment variable <code>NAME</code>. Values are encrypted at rest and replaced by <code>***</code> in logs,
        outputs and events (as printed — an encoded form such as base64 is not caught).
      </p>
      <table className="table">
        <thead>
          <tr>
            <th>Name</th>
            <th>Updated</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {secrets.data?.items.map((s) => (
            <tr key={s.name}>
              <td>
                <code>{s.name}</code>
              </td>
              <td>{formatTime(s.updatedAt)}</td>
              <td>
                <button
                  type="button"
                  className="button button-danger"
                  aria-label={`Delete secret ${s.name}`}
                  onClick={() => {
                    if (window.confirm(`Delete the secret ${s.name}? Templates that use it will not start.`))
                      remove.mutate({ name: s.name });
                  }}
                >
                  Delete
                </button>
              </td>
            </tr>
          ))}
          {secrets.data?.items.length === 0 && (
            <tr>
              <td colSpan={3} className="muted">
                No secrets yet.
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <form onSubmit={onSet} className="button-row">
        <label className="field">
          Secret name
          <input name="name" required pattern="[A-Za-z_][A-Za-z0-9_]*" placeholder="API_KEY" />
        </label>
        <label className="field">
          Secret value
          <input name="value" type="password" required autoComplete="off" />
        </label>
        <button type="submit" className="button button-primary" disabled={set.isPending}>
          Save secret
        </button>
      </form>
      <FormError error={set.error ?? remove.error} />
    </section>
  );
}
