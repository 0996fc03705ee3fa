"use client";
/** `/audit` (admin): who did what to which target and when, newest first, filtered by actor and action. */
import { FormError } from "@/components/common/form-error";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import { formatTime } from "@/components/settings/format-time";

const PAGE = 100;

export function AuditLogView() {
  const trpc = useTRPC();
  const [actor, setActor] = useState("");
  const [action, setAction] = useState("");
  const filters = useDeferredValue({ actor: actor.trim(), action: action.trim() });
  const log = useInfiniteQuery(
    trpc.audit.list.infiniteQueryOptions(
      {
        limit: PAGE,
        ...(filters.actor ? { actor: filters.actor } : {}),
        ...(filters.action ? { action: filters.action } : {}),
      },
      { getNextPageParam: (last) => last.nextCursor },
    ),
  );
  const items = log.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="page">
      <h1>Audit log</h1>
      <p className="muted">
        Every sign-in (and failed attempt) and every change: saves, deletes, runs, decisions, users, tokens, secrets.
      </p>
      <div className="button-row" role="search" aria-label="Filter the audit log">
        <label className="field">
          Actor
          <input value={actor} onChange={(e) => setActor(e.target.value)} placeholder="email" />
        </label>
        <label className="field">
          Action
          <input value={action} onChange={(e) => setAction(e.target.value)} placeholder="e.g. run.start" />
        </label>
      </div>
      <FormError error={log.error} />
      <table className="table" aria-label="Audit entries">
        <thead>
          <tr>
            <th>When</th>
            <th>Actor</th>
            <th>Action</th>
            <th>Target</th>
            <th>Detail</th>
          </tr>
        </thead>
        <tbody>
          {items.map((e) => (
            <tr key={e.id}>
              <td>{formatTime(e.at)}</td>
              <td>{e.actor}</td>
              <td>
                <code>{e.action}</code>
              </td>
              <td>{e.target}</td>
              <td className="small">{Object.keys(e.detail).length ? JSON.stringify(e.detail) : ""}</td>
            </tr>
          ))}
          {!log.isPending && items.length === 0 && (
            <tr>
              <td colSpan={5} className="muted">
                Nothing recorded{actor || action ? " for these filters" : ""}.
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {log.hasNextPage && (
        <button type="button" className="button" onClick={() => log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          Load more
        </button>
      )}
    </div>
  );
}
