"use client";
/** Settings → Your password: the current one, then the new one; every other session of yours ends. */
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { FormError } from "@/components/common/form-error";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import { MIN_PASSWORD_LENGTH } from "@/lib/access/password-rules";

export function PasswordSettings() {
  const trpc = useTRPC();
  const [done, setDone] = useState<string | null>(null);
  const change = useMutation(trpc.auth.changePassword.mutationOptions());

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    setDone(null);
    change.mutate(
      { currentPassword: String(data.get("current") ?? ""), newPassword: String(data.get("new") ?? "") },
      {
        onSuccess: (r) => {
          form.reset();
          setDone(
            r.endedSessions
              ? `Password changed. ${r.endedSessions} other session${r.endedSessions === 1 ? "" : "s"} signed out.`
              : "Password changed.",
          );
        },
      },
    );
  }

  return (
    <section aria-labelledby="password-heading" className="settings-section">
      <h2 id="password-heading">Your password</h2>
      <form className="settings-form" onSubmit={onSubmit}>
        <label className="field">
          Current password
          <input name="current" type="password" required autoComplete="current-password" />
        </label>
        <label className="field">
          New password
          <input name="new" type="password" required minLength={MIN_PASSWORD_LENGTH} autoComplete="new-password" />
        </label>
        <p className="muted small">
          At least {MIN_PASSWORD_LENGTH} characters. Your other sessions will be signed out.
        </p>
        <button type="submit" className="button button-primary" disabled={change.isPending}>
          Change password
        </button>
        <FormError error={change.error} />
        {done && <p role="status">{done}</p>}
      </form>
    </section>
  );
}
