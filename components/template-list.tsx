"use client";
/** The library as cards: name, description, tags, version. Data from `template.list` over tRPC. */
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/lib/trpc/client";

export function TemplateList({ search }: { search?: string }) {
  const trpc = useTRPC();
  const list = useQuery(trpc.template.list.queryOptions(search ? { search } : undefined));
  if (list.isPending) return <p className="muted">Loading templates…</p>;
  if (list.isError) return <p role="alert">Could not load templates: {list.error.message}</p>;
  if (list.data.items.length === 0) return <p className="muted">No templates yet.</p>;
  return (
    <ul className="card-grid" aria-label="Templates">
      {list.data.items.map((t) => (
        <li key={t.id} className="card" data-testid="template-card">
          <div className="card-title">
            <h3>
              <Link href={`/templates/${encodeURIComponent(t.id)}`}>{t.name}</Link>
            </h3>
            <span className="badge" title="Latest version">
              v{t.version}
            </span>
          </div>
          <p className="card-text">{t.description}</p>
          <div className="tags">
            {t.tags.map((tag) => (
              <span key={tag} className="tag">
                {tag}
              </span>
            ))}
          </div>
          <code className="muted small">{t.template_id}</code>
        </li>
      ))}
    </ul>
  );
}
