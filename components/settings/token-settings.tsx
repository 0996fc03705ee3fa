"use client";
/** Settings → API tokens: create one (shown once), see when each was last used, revoke. */
import { FormError } from "@/components/common/form-error";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useCan } from "@/components/app-shell/session-provider";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import { formatTime } from "./format-time";

export function TokenSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const isAdmin = useCan("admin");
  const [everyone, setEveryone] = useState(false);
  const tokens = useQuery(trpc.token.list.queryOptions(everyone ? { all: true } : undefined));
  const [shown, setShown] = useState<{ name: string; token: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.token.list.pathKey() });
  const create = useMutation(
    trpc.token.create.mutationOptions({
      onSuccess: (t) => {
        setShown({ name: t.name, token: t.token });
        void refresh();
      },
    }),
  );
  const revoke = useMutation(trpc.token.revoke.mutationOptions({ onSuccess: refresh }));

  function onCreate(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    create.mutate({ name: String(new FormData(form).get("name") ?? "") }, { onSuccess: () => form.reset() });
  }

  return (
    <section aria-labelledby="tokens-heading" className="settings-section">
      <h2 id="tokens-heading">API tokens</h2>
      <p className="muted small">
        Send a token as <code>Authorization: Bearer &lt;token&gt;</code>. It acts with your roles.
      </p>
      <form className="button-row" onSubmit={onCreate}>
        <label className="field">
          Token name
          <input name="name" required maxLength={100} placeholder="e.g. CI pipeline" />
        </label>
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          Create token
        </button>
      </form>
      <FormError error={create.error ?? revoke.error} />
      {shown && (
        <div className="token-once" role="status">
          <p>
            Your new token <strong>{shown.name}</strong>. Copy it now: it will not be shown again.
          </p>
          <code aria-label="New token">{shown.token}</code>
        </div>
      )}
      {isAdmin && (
        <label className="small">
          <input type="checkbox" checked={everyone} onChange={(e) => setEveryone(e.target.checked)} /> Show
          everyone&apos;s tokens
        </label>
      )}
      <table className="table">
        <thead>
          <tr>
            <th>Name</th>
            {everyone && <th>Owner</th>}
            <th>Starts with</th>
            <th>Created</th>
            <th>Last used</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {tokens.data?.items.map((t) => (
            <tr key={t.id}>
              <td>{t.name}</td>
              {everyone && <td>{t.email}</td>}
              <td>
                <code>{t.prefix}…</code>
              </td>
              <td>{formatTime(t.createdAt)}</td>
              <td>{formatTime(t.lastUsedAt)}</td>
              <td>
                {t.revokedAt ? (
                  <span className="muted">revoked</span>
                ) : (
                  <button
                    type="button"
                    className="button button-danger"
                    aria-label={`Revoke ${t.name}`}
                    onClick={() => revoke.mutate({ id: t.id })}
                  >
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
          {tokens.data?.items.length === 0 && (
            <tr>
              <td colSpan={everyone ? 6 : 5} className="muted">
                No tokens yet.
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}
