/** Who or what started a run: a person (their email) or a trigger, linked to its template's Triggers tab. */
import Link from "next/link";

export interface RunStarter {
  startedBy: string | null;
  trigger: { id: string; kind: string } | null;
  templateId: string | null;
}

export function RunAttribution({ startedBy, trigger, templateId }: RunStarter) {
  if (trigger) {
    const what = `${trigger.kind} trigger ${trigger.id}`;
    return (
      <span data-testid="run-started-by" data-trigger-id={trigger.id} data-trigger-kind={trigger.kind}>
        {" "}
        · started by{" "}
        {templateId ? <Link href={`/templates/${encodeURIComponent(templateId)}?tab=triggers`}>{what}</Link> : what}
        {startedBy && <> as {startedBy}</>}
      </span>
    );
  }
  if (!startedBy) return null;
  return <span data-testid="run-started-by"> · started by {startedBy}</span>;
}
