"use client";
/**
 * tRPC client for the browser: SSE for subscriptions, a request of its own for `auth.*` (the server
 * refuses them in a batch), batched HTTP of at most MAX_BATCH_CALLS calls for the rest.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, httpLink, httpSubscriptionLink, splitLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { useState, type ReactNode } from "react";
import { MAX_BATCH_CALLS, mayBatch } from "@/lib/access/batch-rules";
import type { AppRouter } from "@/lib/trpc/router-types";
import { getQueryClient } from "@/lib/trpc/query-client";

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

function baseUrl(): string {
  if (typeof window !== "undefined") return "";
  return `http://${process.env.HOST ?? "127.0.0.1"}:${process.env.PORT ?? "3000"}`;
}

export function TRPCReactProvider({ children }: { children: ReactNode }) {
  const queryClient = getQueryClient();
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      links: [
        splitLink({
          condition: (op) => op.type === "subscription",
          true: httpSubscriptionLink({ url: `${baseUrl()}/api/trpc` }),
          false: splitLink({
            condition: (op) => mayBatch(op.path),
            true: httpBatchLink({ url: `${baseUrl()}/api/trpc`, maxItems: MAX_BATCH_CALLS }),
            false: httpLink({ url: `${baseUrl()}/api/trpc` }),
          }),
        }),
      ],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
