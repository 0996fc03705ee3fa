/** `/templates/[id]` — one template in the visual editor, with its versions; `?run=1` opens the Run form. */
import { TemplateEditorPage } from "@/components/editor/template-editor-page";

export default async function TemplatePage(props: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ run?: string }>;
}) {
  const { id } = await props.params;
  const { run } = await props.searchParams;
  return <TemplateEditorPage id={decodeURIComponent(id)} run={run === "1"} />;
}
