"use client";
/**
 * Toasts raised by live events about a run the person is watching (its page is open): it finished,
 * or it needs a person. Each leaves after 8 s or when dismissed. Replayed history raises none.
 */
import Link from "next/link";
import { useEffect } from "react";
import { useStore } from "zustand";
import type { StoreApi } from "zustand/vanilla";
import type { LiveState, Toast } from "@/lib/stores/live-store";
import "./live-toasts.css";

const TOAST_MS = 8000;

function ToastItem({ toast, dismiss }: { toast: Toast; dismiss: (id: number) => void }) {
  useEffect(() => {
    const t = setTimeout(() => dismiss(toast.id), TOAST_MS);
    return () => clearTimeout(t);
  }, [toast.id, dismiss]);
  return (
    <div className={`live-toast live-toast-${toast.tone}`} role="status" data-tone={toast.tone}>
      {toast.href ? <Link href={toast.href}>{toast.text}</Link> : toast.text}
      <button className="link-button small" aria-label="Dismiss" onClick={() => dismiss(toast.id)}>
        ×
      </button>
    </div>
  );
}

export function LiveToasts({ store }: { store: StoreApi<LiveState> }) {
  const toasts = useStore(store, (s) => s.toasts);
  const dismiss = useStore(store, (s) => s.dismiss);
  if (toasts.length === 0) return null;
  return (
    <div className="live-toasts" role="region" aria-label="Notifications" aria-live="polite">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} dismiss={dismiss} />
      ))}
    </div>
  );
}
