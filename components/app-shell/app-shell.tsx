/** The frame of every page: brand, navigation, live-connection indicator. */
import Link from "next/link";
import type { ReactNode } from "react";
import { hasRole } from "@/lib/access/roles";
import { TriggerRefusalToasts } from "@/components/app-shell/trigger-refusal-toasts";
import { AccountMenu } from "./account-menu";
import { LiveIndicator } from "./live-indicator";
import { LiveProvider } from "./live-provider";
import { PendingApprovals } from "./pending-approvals";
import { SessionProvider, type SessionUser } from "./session-provider";
import { THEME_SCRIPT, ThemeToggle } from "./theme-toggle";

/** Before anything paints: the colour theme this browser chose (see theme-toggle.tsx). */
function ThemeScript() {
  return <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />;
}

/** Signed out (the /login and /setup pages) the header shows only the brand: nothing live, nothing to call. */
export function AppShell({ user, children }: { user: SessionUser | null; children: ReactNode }) {
  if (!user)
    return (
      <SessionProvider user={null}>
        <ThemeScript />
        <div className="shell">
          <header className="shell-header">
            <span className="brand">
              <span className="brand-mark" aria-hidden>
                ◆
              </span>
              Wf Composer
            </span>
            <span className="push-right">
              <ThemeToggle />
            </span>
          </header>
          <main className="shell-main">{children}</main>
        </div>
      </SessionProvider>
    );
  return (
    <SessionProvider user={user}>
      <LiveProvider>
        <ThemeScript />
        <TriggerRefusalToasts />
        <div className="shell">
          <header className="shell-header">
            <Link href="/" className="brand" aria-label="Wf Composer home">
              <span className="brand-mark" aria-hidden>
                ◆
              </span>
              Wf Composer
            </Link>
            <nav aria-label="Main" className="shell-nav">
              <Link href="/">Dashboard</Link>
              <Link href="/templates">Templates</Link>
              {hasRole(user.roles, "editor") && <Link href="/compose">New workflow</Link>}
            </nav>
            <PendingApprovals />
            <LiveIndicator />
            <ThemeToggle />
            <AccountMenu />
          </header>
          <main className="shell-main">{children}</main>
        </div>
      </LiveProvider>
    </SessionProvider>
  );
}
