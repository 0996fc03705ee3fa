/** `/templates/[id]` — one template in the visual editor, with its versions. */
import { TemplateEditorPage } from "@/components/editor/template-editor-page";

export default async function TemplatePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <TemplateEditorPage id={decodeURIComponent(id)} />;
}
