"use client";
/**
 * A toast when a trigger fire is `refused` (its creator lost the editor role, a required variable had
 * no value, a bad signature…), for people who can edit triggers: it names the trigger, its template and
 * the reason, and links to the template's Triggers tab. The fires come on the tab's live channel (no
 * polling); fires written before the page opened raise none.
 */
import { useMemo } from "react";
import { useCan } from "@/components/app-shell/session-provider";
import { useLiveInterest, useLiveStore } from "@/components/app-shell/live-provider";
import type { LiveInterest } from "@/lib/stores/live-connection";
import { triggersTabHref } from "@/lib/triggers/triggers-tab-href";

export function TriggerRefusalToasts() {
  const canEdit = useCan("editor");
  const live = useLiveStore();
  const interest = useMemo<LiveInterest | undefined>(
    () =>
      canEdit
        ? {
            triggers: true,
            onMessage: (m) => {
              if (m.kind !== "trigger-fire" || m.fire.outcome !== "refused") return;
              const f = m.fire;
              live.getState().toast({
                tone: "danger",
                text: `The ${f.kind} trigger ${f.triggerId} of “${f.templateName}” was refused: ${f.reason ?? "no reason given"}`,
                href: triggersTabHref(f.templateId),
              });
            },
          }
        : undefined,
    [canEdit, live],
  );
  useLiveInterest(interest);
  return null;
}
