/** `/runs/[id]` — one run, live. */
import { RunView } from "@/components/run/run-view";

export default async function RunPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <RunView runId={decodeURIComponent(id)} />;
}
