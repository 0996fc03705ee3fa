/** Webhook triggers: `POST /api/hooks/<triggerId>` (docs/triggers.md); the work lives in server/triggers. */
import { installedServerDeps } from "@/server/runtime/server-deps-holder";

export const dynamic = "force-dynamic";

async function handler(req: Request, { params }: { params: Promise<{ triggerId: string }> }) {
  const { triggerId } = await params;
  return installedServerDeps().triggers.handleWebhook(req, triggerId);
}

export { handler as GET, handler as POST, handler as PUT };
