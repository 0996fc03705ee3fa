"use client";
/**
 * A trigger's fires, newest first, in pages: when, for which scheduled time, the outcome (`started`,
 * `skipped`, `missed`, `refused`, or still pending) with its reason, and a link to the run it started.
 * Refreshed every few seconds while shown, so a webhook call or a fire appears without a reload.
 */
import { useInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import { FormError } from "@/components/common/form-error";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import { formatFireTime } from "@/lib/triggers/format-fire-time";

const PAGE = 10;
const REFRESH_MS = 2000;

export function FireHistory({ triggerId, timezone }: { triggerId: string; timezone: string }) {
  const trpc = useTRPC();
  const history = useInfiniteQuery({
    ...trpc.trigger.history.infiniteQueryOptions(
      { id: triggerId, limit: PAGE },
      { getNextPageParam: (last) => last.nextCursor },
    ),
    refetchInterval: REFRESH_MS,
  });
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="fire-history">
      <h4>History</h4>
      <FormError error={history.error} />
      {history.data && items.length === 0 && <p className="muted small">No fires yet.</p>}
      <ol aria-label="History" className="fire-list" hidden={items.length === 0}>
        {items.map((f) => {
          const outcome = f.pending ? "pending" : f.outcome;
          return (
            <li key={f.id} className="fire" data-outcome={outcome}>
              <span className={`fire-outcome fire-outcome-${outcome}`}>{outcome}</span>
              <time dateTime={f.at} className="small">
                {formatFireTime(f.at, timezone)}
              </time>
              {f.scheduledFor && f.scheduledFor !== f.at && (
                <span className="muted small">
                  for <time dateTime={f.scheduledFor}>{formatFireTime(f.scheduledFor, timezone)}</time>
                </span>
              )}
              {f.runId && (
                <Link href={`/runs/${encodeURIComponent(f.runId)}`} className="small">
                  Open run
                </Link>
              )}
              {f.reason && <span className="fire-reason muted small">{f.reason}</span>}
            </li>
          );
        })}
      </ol>
      {history.hasNextPage && (
        <button
          type="button"
          className="button"
          onClick={() => void history.fetchNextPage()}
          disabled={history.isFetchingNextPage}
        >
          Older fires
        </button>
      )}
    </div>
  );
}
