"use client";
/** True once rendering in the browser (false during the server render and hydration), without an effect. */
import { useSyncExternalStore } from "react";

const noop = () => () => {};

export function useIsClient(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
