/** `/templates/[id]` — one template: canvas, variables, versions, exports. */
import { TemplateDetail } from "@/components/template-detail";

export default async function TemplatePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <TemplateDetail id={decodeURIComponent(id)} />;
}
