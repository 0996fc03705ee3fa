"use client";
/**
 * The library as cards (`template.list` over tRPC). With `filter` it searches, filters and sorts;
 * with actions each card offers duplicate and delete as well as open, run and export. With `recent`
 * (the dashboard) it shows that many most recently updated templates and links to the library.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import { LibraryCard, type LibraryCardActions } from "@/components/library/library-card";
import type { LibraryFilter } from "@/components/library/library-toolbar";

/** Cards shown at once; a larger library is narrowed by search and filters. */
const LIBRARY_PAGE = 200;

/** The `template.list` input for a filter (empty fields left out). */
export function listInput(filter?: LibraryFilter) {
  if (!filter) return undefined;
  return {
    limit: LIBRARY_PAGE,
    ...(filter.search.trim() ? { search: filter.search.trim() } : {}),
    ...(filter.tag ? { tag: filter.tag } : {}),
    ...(filter.taskType ? { taskType: filter.taskType } : {}),
    sort: filter.sort,
    ...(filter.deleted ? { deleted: true } : {}),
  };
}

export function TemplateList({
  filter,
  recent,
  busyId,
  ...actions
}: { filter?: LibraryFilter; recent?: number; busyId?: string } & Omit<LibraryCardActions, "busy">) {
  const trpc = useTRPC();
  const input = recent ? { limit: recent, sort: "updated" as const } : listInput(filter);
  const list = useQuery({ ...trpc.template.list.queryOptions(input), placeholderData: keepPreviousData });
  if (list.isPending) return <p className="muted">Loading templates…</p>;
  if (list.isError) return <p role="alert">Could not load templates: {list.error.message}</p>;
  if (list.data.items.length === 0)
    return (
      <p className="muted">
        {filter?.deleted
          ? "No deleted templates."
          : filter?.search
            ? "No template matches this search."
            : "No templates yet."}
      </p>
    );
  const { items, total } = list.data;
  return (
    <>
      {recent ? (
        <p className="small">
          <Link href="/templates">All {total} templates in the library</Link>
        </p>
      ) : (
        items.length < total && (
          <p className="muted small" role="status">
            Showing {items.length} of {total} templates; search or filter to narrow them.
          </p>
        )
      )}
      <ul className="card-grid" aria-label="Templates" aria-busy={list.isFetching}>
        {items.map((t) => (
          <LibraryCard key={t.id} item={t} busy={busyId === t.id} {...actions} />
        ))}
      </ul>
    </>
  );
}
