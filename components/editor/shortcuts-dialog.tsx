"use client";
/** `?`: every keyboard shortcut, read from the one registry the key handler uses. */
import { useEffect, useRef } from "react";
import { SHORTCUTS } from "@/lib/stores/editor-shortcuts";

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby="shortcuts-title" onClose={onClose}>
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <table className="table table-compact">
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.command}>
              <td>
                <kbd>{s.keys}</kbd>
              </td>
              <td>{s.label}</td>
            </tr>
          ))}
          <tr>
            <td>
              <kbd>Shift</kbd>-click, drag on the canvas
            </td>
            <td>Select several nodes</td>
          </tr>
          <tr>
            <td>
              <kbd>Space</kbd>-drag, scroll, middle button
            </td>
            <td>Pan the canvas (Ctrl/⌘ scroll zooms)</td>
          </tr>
        </tbody>
      </table>
      <form method="dialog">
        <button className="button button-primary">Close</button>
      </form>
    </dialog>
  );
}
