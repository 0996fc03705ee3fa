"use client";
/** Asks before leaving with unsaved changes: closing or reloading the tab, and links inside the app. */
import { useEffect } from "react";
import { useEditor } from "./editor-provider";

export function useUnsavedGuard(): void {
  const dirty = useEditor((s) => s.draft !== s.saved);
  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    const click = (e: MouseEvent) => {
      const link = (e.target as Element | null)?.closest?.("a[href]");
      if (!link || link.getAttribute("target") === "_blank" || e.defaultPrevented) return;
      const url = new URL((link as HTMLAnchorElement).href, location.href);
      if (url.origin !== location.origin || url.pathname === location.pathname) return;
      if (!window.confirm("You have unsaved changes. Leave this page? (Your draft stays in this browser.)")) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener("beforeunload", beforeUnload);
    document.addEventListener("click", click, true);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", click, true);
    };
  }, [dirty]);
}
