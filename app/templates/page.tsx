/** `/templates` — the library: search, filters, import, and per-template actions. */
import { LibraryView } from "@/components/library/library-view";

export default function TemplatesPage() {
  return (
    <div className="page">
      <h1>Templates</h1>
      <LibraryView />
    </div>
  );
}
