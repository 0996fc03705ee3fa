"use client";
/**
 * The tab's one live channel: a `LiveConnection` over `live.watch` (one SSE request for run
 * events, the approvals count and the runs list) and the live store beside it. Views register
 * what they need with `useLiveInterest`; the connection closes its stream when the tab stays in the
 * background (and when the tab closes), and resumes when the tab comes back or the network returns.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import type { StoreApi } from "zustand/vanilla";
import { useStore } from "zustand";
import { LiveConnection, type LiveInterest, type LiveTransport } from "@/lib/stores/live-connection";
import { createLiveStore, type LiveState } from "@/lib/stores/live-store";
import { useTRPCClient } from "@/components/app-shell/trpc-react-provider";
import { redirectIfSignedOut } from "@/lib/trpc/query-client";
import { LiveToasts } from "./live-toasts";

interface Live {
  connection: LiveConnection;
  store: StoreApi<LiveState>;
}

const LiveContext = createContext<Live | null>(null);

export function LiveProvider({ children }: { children: ReactNode }) {
  const client = useTRPCClient();
  const [live] = useState<Live>(() => {
    const transport: LiveTransport = (input, handlers) => {
      const sub = client.live.watch.subscribe(input, {
        onData: (message) => handlers.onData(message),
        onError: (err) => {
          redirectIfSignedOut(err);
          handlers.onError(err);
        },
        // The stream should never end on its own: treat an end as a drop and resume.
        onComplete: () => handlers.onError(new Error("the live stream ended")),
        // tRPC would reconnect with the first input (a stale afterEventId): resume ourselves instead.
        onConnectionStateChange: (s) => {
          if (s.state === "connecting" && s.error) handlers.onError(s.error);
        },
      });
      return () => sub.unsubscribe();
    };
    return { connection: new LiveConnection(transport), store: createLiveStore() };
  });

  useEffect(() => {
    const { connection, store } = live;
    const offStatus = connection.onStatus((status) => store.setState({ status }));
    const visibility = () => connection.setHidden(document.visibilityState === "hidden");
    const wake = () => {
      if (document.visibilityState === "visible") connection.wake();
    };
    visibility();
    document.addEventListener("visibilitychange", visibility);
    window.addEventListener("online", wake);
    return () => {
      offStatus();
      document.removeEventListener("visibilitychange", visibility);
      window.removeEventListener("online", wake);
      connection.dispose();
    };
  }, [live]);

  return (
    <LiveContext.Provider value={live}>
      {children}
      <LiveToasts store={live.store} />
    </LiveContext.Provider>
  );
}

function useLive(): Live {
  const live = useContext(LiveContext);
  if (!live) throw new Error("useLive outside LiveProvider");
  return live;
}

export function useLiveConnection(): LiveConnection {
  return useLive().connection;
}

export function useLiveState<T>(select: (s: LiveState) => T): T {
  return useStore(useLive().store, select);
}

export function useLiveStore(): StoreApi<LiveState> {
  return useLive().store;
}

/**
 * Registers `interest` while the component is mounted (and `interest` is defined). Pass a memoised
 * object: a new one re-registers.
 */
export function useLiveInterest(interest: LiveInterest | undefined): void {
  const connection = useLiveConnection();
  useEffect(() => (interest ? connection.add(interest) : undefined), [connection, interest]);
}
