/** `/` — the dashboard: approvals waiting for a person, runs by state, the next scheduled fires, the library. */
import { ApprovalsInbox } from "@/components/dashboard/approvals-inbox";
import { NextFires } from "@/components/dashboard/next-fires";
import { RunList } from "@/components/dashboard/run-list";
import { TemplateList } from "@/components/library/template-list";

/** Templates the dashboard shows (most recently updated first); the library has them all. */
const RECENT_TEMPLATES = 6;

export default function DashboardPage() {
  return (
    <div className="page">
      <section className="hero">
        <h1>Dashboard</h1>
        <p className="muted">
          Describe, draw or import a workflow, keep it as a versioned template, run it and watch every node live.
        </p>
      </section>
      <section aria-labelledby="approvals-heading">
        <h2 id="approvals-heading">Approvals</h2>
        <ApprovalsInbox />
      </section>
      <section aria-labelledby="runs-heading">
        <h2 id="runs-heading">Runs</h2>
        <RunList />
      </section>
      <NextFires />
      <section aria-labelledby="templates-heading">
        <h2 id="templates-heading">Recent templates</h2>
        <TemplateList recent={RECENT_TEMPLATES} />
      </section>
    </div>
  );
}
