"use client";
/** /setup (first run): the admin's email and password. */
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import { CredentialsForm } from "./credentials-form";

export function SetupForm({ minPasswordLength }: { minPasswordLength: number }) {
  const trpc = useTRPC();
  const setup = useMutation(trpc.auth.setup.mutationOptions());
  return (
    <CredentialsForm
      submitLabel="Create admin"
      busyLabel="Creating…"
      passwordHint={`At least ${minPasswordLength} characters.`}
      autoCompletePassword="new-password"
      submit={(v) => setup.mutateAsync(v)}
    />
  );
}
