"use client";
/** tRPC client for the browser: batched HTTP for queries/mutations, SSE for subscriptions. */
import { QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { useState, type ReactNode } from "react";
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
          false: httpBatchLink({ url: `${baseUrl()}/api/trpc` }),
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
