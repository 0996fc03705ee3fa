/** `/templates` — the library. */
import { TemplateList } from "@/components/template-list";

export default function TemplatesPage() {
  return (
    <div className="page">
      <h1>Templates</h1>
      <TemplateList />
    </div>
  );
}
