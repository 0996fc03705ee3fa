"use client";
/**
 * The dashboard's "Next scheduled fires" (docs/triggers.md): the soonest fires over every enabled
 * schedule, each with its template (a link to the template's Triggers tab), the time in the schedule's
 * zone and from now, and the schedule as a sentence. Read again when the live channel tells a schedule's
 * fire (the list moves on; the fires of one moment are one read) or (re)connects; the "from now" texts
 * are redrawn every few seconds, nothing is polled.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useMemo, useRef, useState } from "react";
import { useLiveInterest } from "@/components/app-shell/live-provider";
import { useTRPC } from "@/components/app-shell/trpc-react-provider";
import type { LiveInterest } from "@/lib/stores/live-connection";
import { formatFireTime } from "@/lib/triggers/format-fire-time";
import { relativeTime } from "@/lib/triggers/relative-time";
import { soonestFires } from "@/lib/triggers/soonest-fires";
import { triggersTabHref } from "@/lib/triggers/triggers-tab-href";
import "./next-fires.css";

/** Fires listed. */
const SHOWN = 8;
/** Fires told within this long of the first are one read of the list. */
const REREAD_AFTER_MS = 500;
/** How often the "in 40 seconds" texts are redrawn. */
const REDRAW_MS = 5000;

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

export function NextFires() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.trigger.list.queryOptions({}));
  // Many schedules fire together: the fires of one moment cost one read of the list, not one each.
  const reread = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(reread.current), []);
  const interest = useMemo<LiveInterest>(
    () => ({
      triggers: true,
      onMessage: (m) => {
        const moved = m.kind === "ready" || (m.kind === "trigger-fire" && m.fire.kind === "schedule");
        if (!moved || reread.current !== undefined) return;
        reread.current = setTimeout(() => {
          reread.current = undefined;
          void queryClient.invalidateQueries({ queryKey: trpc.trigger.list.queryKey() });
        }, REREAD_AFTER_MS);
      },
    }),
    [queryClient, trpc],
  );
  useLiveInterest(interest);
  const now = useNow(REDRAW_MS);
  const fires = useMemo(
    () =>
      soonestFires(
        (list.data?.items ?? []).filter((t) => t.kind === "schedule" && t.enabled),
        SHOWN,
      ),
    [list.data],
  );

  return (
    <section className="next-fires" role="region" aria-labelledby="next-fires-heading">
      <h2 id="next-fires-heading">Next scheduled fires</h2>
      {list.isPending ? (
        <p className="muted">Loading schedules…</p>
      ) : list.isError ? (
        <p role="alert">{list.error.message}</p>
      ) : fires.length === 0 ? (
        <p className="muted">
          No schedule is due. To start runs on a schedule, open a <Link href="/templates">template</Link>, go to its
          Triggers tab and press Add schedule.
        </p>
      ) : (
        <ul className="next-fires-list">
          {fires.map(({ trigger: t, at }) => (
            <li key={`${t.id} ${at}`} data-trigger={t.id}>
              <Link href={triggersTabHref(t.templateId)}>{t.templateName}</Link>{" "}
              <time dateTime={at}>{formatFireTime(at, t.timezone ?? "UTC")}</time>
              <div className="muted small">
                <span className="next-fires-when">{relativeTime(Date.parse(at), now)}</span> · {t.description}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
