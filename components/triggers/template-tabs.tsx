/**
 * The template page's two tabs: `Workflow` (the editor) and `Triggers` (schedules and webhooks,
 * docs/triggers.md). Each is a link (`?tab=triggers`), so a tab can be opened, shared and reloaded.
 */
import Link from "next/link";
import type { ReactNode } from "react";

export type TemplateTab = "workflow" | "triggers";

const TABS: { id: TemplateTab; label: string }[] = [
  { id: "workflow", label: "Workflow" },
  { id: "triggers", label: "Triggers" },
];

export function TemplateTabs({
  templateId,
  active,
  children,
}: {
  templateId: string;
  active: TemplateTab;
  children: ReactNode;
}) {
  const base = `/templates/${encodeURIComponent(templateId)}`;
  return (
    <>
      <nav role="tablist" aria-label="Template" className="tabs template-tabs">
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
      <div role="tabpanel" aria-label={TABS.find((t) => t.id === active)!.label} className="template-tab-panel">
        {children}
      </div>
    </>
  );
}
