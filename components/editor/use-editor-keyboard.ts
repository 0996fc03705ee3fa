"use client";
/**
 * Keyboard: shortcuts dispatched through the one registry (lib/stores/editor-shortcuts); copy and
 * paste go through the browser's clipboard events, so a copy in one tab pastes in another.
 */
import { useEffect } from "react";
import { copySelection, pasteText } from "@/lib/stores/editor-commands";
import type { EditorStore } from "@/lib/stores/editor-store";
import { matchShortcut, type ShortcutCommand } from "@/lib/stores/editor-shortcuts";

/** Whether keys typed now belong to a text field (which keeps its own undo, copy and paste). */
export function isTextTarget(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || !el.tagName) return false;
  if (el.isContentEditable) return true;
  if (el.tagName === "TEXTAREA" || el.tagName === "SELECT") return true;
  if (el.tagName !== "INPUT") return false;
  const type = (el as HTMLInputElement).type;
  return !["checkbox", "radio", "button", "submit", "range", "color"].includes(type);
}

/**
 * Tab opens the node creator on the canvas while the person works there with the pointer (a click on
 * the canvas arms it; Escape in the creator or focus leaving the canvas disarms it). A keyboard
 * user's Tab always moves focus — through the nodes and on out of the canvas, never trapped — and
 * `/` opens the creator from anywhere.
 */
function inCanvas(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el?.closest?.(".canvas-slot") && !el.closest(".react-flow__panel, .react-flow__controls, .sticky-note");
}

export function useEditorKeyboard(
  store: EditorStore,
  handlers: Partial<Record<ShortcutCommand, (shift: boolean) => void>>,
): void {
  useEffect(() => {
    let armed = false;
    const pointerdown = (e: PointerEvent) => {
      armed = inCanvas(e.target);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key === "Escape" && (e.target as HTMLElement | null)?.closest?.(".node-creator")) armed = false;
    };
    const focusin = (e: FocusEvent) => {
      if (!inCanvas(e.target) && !(e.target as HTMLElement | null)?.closest?.(".node-creator")) armed = false;
    };
    const keydown = (e: KeyboardEvent) => {
      if (document.querySelector("dialog[open]")) return;
      const shortcut = matchShortcut(e, isTextTarget(e.target));
      // Copy and paste are left to the browser, which then fires the clipboard events below.
      if (!shortcut || shortcut.command === "copy" || shortcut.command === "paste") return;
      if (shortcut.command === "creator" && e.key === "Tab" && !(armed && inCanvas(e.target))) return;
      const handler = handlers[shortcut.command];
      if (!handler) return;
      e.preventDefault();
      handler(e.shiftKey);
    };
    const copy = (e: ClipboardEvent) => {
      if (isTextTarget(e.target) || document.getSelection()?.toString()) return;
      const text = copySelection(store);
      if (text === null || !e.clipboardData) return;
      e.clipboardData.setData("text/plain", text);
      e.preventDefault();
    };
    const paste = (e: ClipboardEvent) => {
      if (isTextTarget(e.target) || document.querySelector("dialog[open]")) return;
      const text = e.clipboardData?.getData("text/plain") ?? "";
      e.preventDefault();
      pasteText(store, text);
    };
    window.addEventListener("keydown", keydown);
    window.addEventListener("keydown", escape, true);
    document.addEventListener("pointerdown", pointerdown, true);
    document.addEventListener("focusin", focusin);
    document.addEventListener("copy", copy);
    document.addEventListener("paste", paste);
    return () => {
      window.removeEventListener("keydown", keydown);
      window.removeEventListener("keydown", escape, true);
      document.removeEventListener("pointerdown", pointerdown, true);
      document.removeEventListener("focusin", focusin);
      document.removeEventListener("copy", copy);
      document.removeEventListener("paste", paste);
    };
  }, [store, handlers]);
}
