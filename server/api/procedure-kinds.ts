/** Every procedure path of the app router and its kind (query, mutation, subscription). */
import { appRouter } from "@/server/api/root";

export type ProcedureKind = "query" | "mutation" | "subscription";

// tRPC keeps the flattened procedures on `_def.procedures`; its declared type is the nested router shape.
const flat = appRouter._def.procedures as unknown as Record<string, { _def: { type: ProcedureKind } }>;

export const PROCEDURE_KINDS: Readonly<Record<string, ProcedureKind>> = Object.fromEntries(
  Object.entries(flat).map(([path, p]) => [path, p._def.type]),
);
