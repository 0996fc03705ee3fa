/** Root layout: the app shell and the client providers (React Query + tRPC). */
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { AppShell } from "@/components/app-shell";
import { TRPCReactProvider } from "@/lib/trpc/client";
import "./globals.css";
import "./editor.css";

export const metadata: Metadata = {
  title: "Wf Composer",
  description: "Describe, draw or import workflows as DAGs, keep them as versioned templates, run them live.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <TRPCReactProvider>
          <AppShell>{children}</AppShell>
        </TRPCReactProvider>
      </body>
    </html>
  );
}
