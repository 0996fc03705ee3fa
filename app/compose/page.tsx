/** `/compose` — a new workflow: palette, canvas, inspector, problems (the visual editor). */
import { ComposePage } from "@/components/editor/compose-page";

export default function Compose() {
  return <ComposePage />;
}
