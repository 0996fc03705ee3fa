/**
 * `/templates/[id]` — one template in the visual editor, with its versions; `?run=1` opens the Run
 * form, `?tab=triggers` its schedules and webhooks. The template is read here, on the server, so the
 * editor starts with it instead of asking for it after the page has loaded (one round trip less before
 * the canvas is drawn).
 */
import { TemplateEditorPage } from "@/components/editor/template-editor-page";
import { TemplateTabs } from "@/components/triggers/template-tabs";
import { TriggersPanel } from "@/components/triggers/triggers-panel";
import { serverCaller } from "@/app/server-caller";

export default async function TemplatePage(props: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ run?: string; tab?: string }>;
}) {
  const { id } = await props.params;
  const { run, tab } = await props.searchParams;
  const templateId = decodeURIComponent(id);
  if (tab === "triggers")
    return (
      <div className="page">
        <TemplateTabs templateId={templateId} active="triggers" />
        <TriggersPanel templateId={templateId} />
      </div>
    );
  const caller = await serverCaller();
  // A missing template (or any error) is left to the page's own query, which shows the message.
  const initial = await caller.template.get({ id: templateId }).catch(() => undefined);
  return (
    <TemplateEditorPage
      id={templateId}
      run={run === "1"}
      initial={initial}
      tabs={<TemplateTabs templateId={templateId} active="workflow" />}
    />
  );
}
