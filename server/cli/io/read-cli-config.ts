/** The configuration a command runs with: a setting nobody can use is a usage error (exit 2) naming the variable. */
import type { EnvVars } from "@/server/config/env-vars";
import { readServerConfig, ServerConfigError, type ServerConfig } from "@/server/config/server-config";
import { CliError, EXIT } from "./exit-codes";

export function readCliConfig(env: EnvVars): ServerConfig {
  try {
    return readServerConfig(env);
  } catch (err) {
    if (err instanceof ServerConfigError) throw new CliError(err.message, EXIT.usage);
    throw err;
  }
}
