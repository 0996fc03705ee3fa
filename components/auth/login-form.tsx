"use client";
/** /login: email and password → a session cookie. */
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import { CredentialsForm } from "./credentials-form";

export function LoginForm({ next }: { next?: string }) {
  const trpc = useTRPC();
  const login = useMutation(trpc.auth.login.mutationOptions());
  return (
    <CredentialsForm
      submitLabel="Log in"
      busyLabel="Logging in…"
      next={next}
      autoCompletePassword="current-password"
      submit={(v) => login.mutateAsync(v)}
    />
  );
}
