import { defineConfig } from "drizzle-kit";

/** The PostgreSQL migrations (WF_DATABASE_URL): generated from the pg mirror of the schema into drizzle/pg. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/pg/schema.ts",
  out: "./drizzle/pg",
});
