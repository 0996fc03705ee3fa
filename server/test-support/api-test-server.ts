/**
 * Test helper: a fresh SQLite file and the app's tRPC endpoint on a real 127.0.0.1 port; `stop`
 * detaches the engine before the database closes (nothing may write to a closed handle).
 */
import { getRunEngine } from "@/server/engine/get-run-engine";
import { useTempDb, type TempDb } from "./temp-db";
import { startTrpcHttpServer, type TrpcHttpServer } from "./trpc-http-server";

export async function startApiTestServer(): Promise<{ t: TempDb; http: TrpcHttpServer; stop(): Promise<void> }> {
  const t = useTempDb();
  const http = await startTrpcHttpServer();
  return {
    t,
    http,
    async stop() {
      getRunEngine().detach();
      await http.close();
      t.cleanup();
    },
  };
}
