"use client";
/** The editor's last message (saved, refused, pasted…), where the person is looking: above the canvas. */
import { useEditor } from "./editor-provider";

export function EditorNotice() {
  const notice = useEditor((s) => s.notice);
  return (
    <div className="editor-notice-slot" aria-live="polite">
      {notice && (
        <p
          key={notice.id}
          role={notice.kind === "error" ? "alert" : "status"}
          className={`notice notice-${notice.kind}`}
        >
          {notice.text}
        </p>
      )}
    </div>
  );
}
