"use client";
/** The /settings page: what the signed-in person may manage, by role. */
import { useCan, useSessionUser } from "@/components/app-shell/session-provider";
import { PasswordSettings } from "./password-settings";
import { AgentProviderSettings } from "./agent-provider-settings";
import { SandboxNotice } from "@/components/common/sandbox-notice";
import { SecretSettings } from "./secret-settings";
import { TokenSettings } from "./token-settings";
import { UserSettings } from "./user-settings";

export function SettingsView() {
  const user = useSessionUser();
  const isAdmin = useCan("admin");
  const isEditor = useCan("editor");
  return (
    <div className="page settings-page">
      <h1>Settings</h1>
      {user && (
        <p className="muted">
          Signed in as <strong>{user.email}</strong> ({user.roles.join(", ")}).
        </p>
      )}
      {/* WF_API_TOKEN has no account and so no password. */}
      {user?.id && <PasswordSettings />}
      <SandboxNotice />
      <TokenSettings />
      {isAdmin && <UserSettings />}
      {isEditor && <AgentProviderSettings />}
      {isAdmin && <SecretSettings />}
    </div>
  );
}
