/** tRPC on the server for server components: the caller comes from this request's cookie. */
import "server-only";
import { headers } from "next/headers";
import { createCaller } from "@/server/api/root";
import { createTRPCContext } from "@/server/api/procedures/trpc";
import { installedServerDeps } from "@/server/runtime/server-deps-holder";

export async function serverCaller() {
  return createCaller(await createTRPCContext({ deps: installedServerDeps(), headers: await headers() }));
}
