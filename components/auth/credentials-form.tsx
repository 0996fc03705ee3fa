"use client";
/**
 * The email + password form of /login and /setup. On success the page reloads at `next`, so the
 * server renders it with the new session.
 */
import { FormError } from "@/components/common/form-error";
import { useState, type FormEvent } from "react";
import { afterSignInPath } from "@/lib/access/sign-in-path";

export function CredentialsForm(props: {
  submitLabel: string;
  busyLabel: string;
  next?: string;
  /** Shown under the password field (e.g. the minimum length on /setup). */
  passwordHint?: string;
  autoCompletePassword: "current-password" | "new-password";
  submit(values: { email: string; password: string }): Promise<unknown>;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await props.submit({ email: String(form.get("email") ?? ""), password: String(form.get("password") ?? "") });
      window.location.assign(afterSignInPath(props.next));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <label>
        Email
        <input name="email" type="email" autoComplete="username" required autoFocus />
      </label>
      <label>
        Password
        <input name="password" type="password" autoComplete={props.autoCompletePassword} required />
      </label>
      {props.passwordHint && <p className="muted small">{props.passwordHint}</p>}
      <FormError error={error} />
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? props.busyLabel : props.submitLabel}
      </button>
    </form>
  );
}
