/**
 * What the tab's live channel knows for every page: its status, the pending-approvals count and the
 * toasts it raised (a watched run finished or needs a person). One store per tab, made by the live
 * provider.
 */
import { createStore, type StoreApi } from "zustand/vanilla";
import type { LiveStatus } from "./live-connection";

export interface Toast {
  id: number;
  text: string;
  href?: string;
  tone: "info" | "success" | "danger";
}

export interface LiveState {
  status: LiveStatus;
  /** Undefined until the server sent it. */
  pendingApprovals?: number;
  toasts: Toast[];
  toast(t: Omit<Toast, "id">): void;
  dismiss(id: number): void;
}

/** At most this many toasts on screen; older ones leave first. */
const MAX_TOASTS = 4;

export function createLiveStore(): StoreApi<LiveState> {
  let next = 1;
  return createStore<LiveState>()((set, get) => ({
    status: "idle",
    toasts: [],
    toast(t) {
      set({ toasts: [...get().toasts.slice(-(MAX_TOASTS - 1)), { ...t, id: next++ }] });
    },
    dismiss(id) {
      set({ toasts: get().toasts.filter((t) => t.id !== id) });
    },
  }));
}
