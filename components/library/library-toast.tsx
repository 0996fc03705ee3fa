"use client";
/** A transient message with an optional action (Undo), announced to screen readers. */
import { useEffect } from "react";

export function LibraryToast({
  message,
  actionLabel,
  onAction,
  onClose,
  timeoutMs = 10_000,
}: {
  message: string;
  actionLabel?: string;
  onAction?: () => void;
  onClose: () => void;
  timeoutMs?: number;
}) {
  useEffect(() => {
    const timer = setTimeout(onClose, timeoutMs);
    return () => clearTimeout(timer);
  }, [message, onClose, timeoutMs]);
  return (
    <div
      role="status"
      data-testid="toast"
      className="card"
      style={{ position: "fixed", bottom: 24, right: 24, zIndex: 50, flexDirection: "row", alignItems: "center" }}
    >
      <span>{message}</span>
      {actionLabel && onAction && (
        <button type="button" className="button" onClick={onAction}>
          {actionLabel}
        </button>
      )}
      <button type="button" className="link-button" aria-label="Dismiss" onClick={onClose}>
        ×
      </button>
    </div>
  );
}
