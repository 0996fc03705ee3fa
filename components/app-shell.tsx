/** The frame of every page: brand, navigation, live-connection indicator. */
import Link from "next/link";
import type { ReactNode } from "react";
import { LiveIndicator } from "./live-indicator";
import { LiveProvider } from "./live-provider";
import { PendingApprovals } from "./pending-approvals";

export function AppShell({ children }: { children: ReactNode }) {
  return (
    <LiveProvider>
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
            <Link href="/compose">New workflow</Link>
          </nav>
          <PendingApprovals />
          <LiveIndicator />
        </header>
        <main className="shell-main">{children}</main>
      </div>
    </LiveProvider>
  );
}
