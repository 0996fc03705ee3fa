import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // better-sqlite3 is native; Next 16 already keeps it external, listed for clarity.
  serverExternalPackages: ["better-sqlite3"],
  typedRoutes: false,
};

export default nextConfig;
