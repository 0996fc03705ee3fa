"use client";
/** The current time, refreshed every `ms` while `active` (elapsed times of running nodes). */
import { useEffect, useState } from "react";

export function useNow(active: boolean, ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [active, ms]);
  return now;
}
