/**
 * The one process-wide holder of the server's dependencies. Next bundles instrumentation (which
 * builds them at start) and the route handlers separately, so they meet on globalThis — here and
 * nowhere else. Only entry points read it: the tRPC route, server components' caller, start-up.
 */
import { readServerConfig } from "@/server/config/server-config";
import { createServerDeps, type ServerDeps } from "./server-deps";

const holder = globalThis as unknown as { __wfServerDeps?: ServerDeps };

/** Makes `deps` the process's dependencies (the server's start; a test server of its own). */
export function installServerDeps(deps: ServerDeps): void {
  holder.__wfServerDeps = deps;
}

/** The installed dependencies; built from `process.env` on first use when the start hook has not run. */
export function installedServerDeps(): ServerDeps {
  return (holder.__wfServerDeps ??= createServerDeps(readServerConfig(process.env)));
}
