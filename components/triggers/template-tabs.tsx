/**
 * The template page's two tabs: `Workflow` (the editor) and `Triggers` (schedules and webhooks,
 * docs/triggers.md). Each is a link (`?tab=triggers`), so a tab can be opened, shared and reloaded; on
 * the editor they sit in its bar (the workspace keeps the whole screen), on the Triggers tab above it.
 */
import Link from "next/link";
import "./triggers.css";

export type TemplateTab = "workflow" | "triggers";

const TABS: { id: TemplateTab; label: string }[] = [
  { id: "workflow", label: "Workflow" },
  { id: "triggers", label: "Triggers" },
];

export function TemplateTabs({ templateId, active }: { templateId: string; active: TemplateTab }) {
  const base = `/templates/${encodeURIComponent(templateId)}`;
  return (
    <nav role="tablist" aria-label="Template" className={`tabs template-tabs template-tabs-${active}`}>
      {TABS.map((t) => (
        <Link
          key={t.id}
          role="tab"
          aria-selected={t.id === active}
          className="tab"
          href={t.id === "workflow" ? base : `${base}?tab=${t.id}`}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}
