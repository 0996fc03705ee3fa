/** `/` — the dashboard: the library at a glance (runs and approvals join it as the engine lands). */
import { TemplateList } from "@/components/template-list";

export default function DashboardPage() {
  return (
    <div className="page">
      <section className="hero">
        <h1>Dashboard</h1>
        <p className="muted">
          Describe, draw or import a workflow, keep it as a versioned template, run it and watch every node live.
        </p>
      </section>
      <section aria-labelledby="templates-heading">
        <h2 id="templates-heading">Templates</h2>
        <TemplateList />
      </section>
    </div>
  );
}
