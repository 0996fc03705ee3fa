"use client";
/** The header's account corner: who is signed in, Settings, Audit (admin) and Log out. */
import Link from "next/link";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import { useCan, useSessionUser } from "./session-provider";

export function AccountMenu() {
  const user = useSessionUser();
  const isAdmin = useCan("admin");
  const trpc = useTRPC();
  const logout = useMutation(trpc.auth.logout.mutationOptions({ onSettled: () => window.location.assign("/login") }));
  if (!user) return null;
  return (
    <div className="account-menu" aria-label="Account">
      <span className="account-email" title={user.roles.join(", ")}>
        {user.email}
      </span>
      <Link href="/settings">Settings</Link>
      {isAdmin && <Link href="/audit">Audit</Link>}
      <button type="button" className="link-button" onClick={() => logout.mutate()} disabled={logout.isPending}>
        Log out
      </button>
    </div>
  );
}
