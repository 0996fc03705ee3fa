/** Root layout: the app shell (with who is signed in) and the client providers (React Query + tRPC). */
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { AppShell } from "@/components/app-shell/app-shell";
import { TRPCReactProvider } from "@/components/app-shell/trpc-react-provider";
import { serverCaller } from "@/app/server-caller";
import "./globals.css";
import "./editor.css";

export const metadata: Metadata = {
  title: "Wf Composer",
  description: "Describe, draw or import workflows as DAGs, keep them as versioned templates, run them live.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const { user } = await (await serverCaller()).auth.me();
  return (
    <html lang="en" suppressHydrationWarning>
      <body>
        <TRPCReactProvider>
          <AppShell user={user}>{children}</AppShell>
        </TRPCReactProvider>
      </body>
    </html>
  );
}
