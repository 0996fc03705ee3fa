"use client";
/**
 * Dark mode: the page follows the system's colour scheme unless the person picks light or dark
 * here (kept in this browser). The choice is `data-theme` on <html> (absent: the system's); the scheme in
 * effect is `data-scheme`, which THEME_SCRIPT sets before the first paint (so a dark page never flashes
 * white) and keeps current as the system or the choice changes; the CSS reads only it (app/globals.css).
 */
import { useEffect, useState, useSyncExternalStore } from "react";

export type ThemeChoice = "system" | "light" | "dark";
const KEY = "wf-theme";
const CHANGED = "wf-theme-changed";
const ORDER: ThemeChoice[] = ["system", "light", "dark"];
const LABEL: Record<ThemeChoice, string> = { system: "follows the system", light: "light", dark: "dark" };
const ICON: Record<ThemeChoice, string> = { system: "◐", light: "☀", dark: "☾" };

/** Runs in <head> before the page paints: the stored choice and the scheme in effect onto <html>, kept current. */
export const THEME_SCRIPT = `try{var d=document.documentElement,m=matchMedia("(prefers-color-scheme: dark)"),f=function(){var t=null;try{t=localStorage.getItem("${KEY}")}catch(e){}if(t==="light"||t==="dark")d.dataset.theme=t;else delete d.dataset.theme;d.dataset.scheme=t==="light"||t==="dark"?t:m.matches?"dark":"light"};f();m.addEventListener("change",f);addEventListener("${CHANGED}",f)}catch(e){}`;

function readChoice(): ThemeChoice {
  try {
    const t = localStorage.getItem(KEY);
    return t === "light" || t === "dark" ? t : "system";
  } catch {
    return "system";
  }
}

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia("(prefers-color-scheme: dark)");
  media.addEventListener("change", onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    media.removeEventListener("change", onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

function effective(): "light" | "dark" {
  const choice = readChoice();
  if (choice !== "system") return choice;
  return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** The colour scheme in effect (for React Flow's colorMode); light on the server. */
export function useColorMode(): "light" | "dark" {
  return useSyncExternalStore(subscribe, effective, () => "light");
}

export function ThemeToggle() {
  const [choice, setChoice] = useState<ThemeChoice>("system");
  useEffect(() => setChoice(readChoice()), []);
  const next = ORDER[(ORDER.indexOf(choice) + 1) % ORDER.length];
  const pick = () => {
    try {
      if (next === "system") localStorage.removeItem(KEY);
      else localStorage.setItem(KEY, next);
    } catch {
      // Without storage the choice lasts until the page is left.
    }
    const root = document.documentElement;
    if (next === "system") delete root.dataset.theme;
    else root.dataset.theme = next;
    root.dataset.scheme = effective();
    setChoice(next);
    window.dispatchEvent(new Event(CHANGED));
  };
  return (
    <button
      type="button"
      className="theme-toggle"
      onClick={pick}
      aria-label={`Colour theme: ${LABEL[choice]}. Switch to ${LABEL[next]}`}
      title={`Colour theme: ${LABEL[choice]} (click: ${LABEL[next]})`}
    >
      <span aria-hidden>{ICON[choice]}</span>
    </button>
  );
}
