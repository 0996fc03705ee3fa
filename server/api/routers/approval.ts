/** `approval` router (placeholder until its issue lands). */
import { createTRPCRouter } from "@/server/api/trpc";

export const approvalRouter = createTRPCRouter({});
