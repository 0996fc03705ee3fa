/** Test helpers for process-tree assertions: is a pid alive, and polling until a condition holds. */

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls `check` every `stepMs` for at most `tries` times; resolves to its last value. */
export async function waitUntil(check: () => boolean, tries = 200, stepMs = 25): Promise<boolean> {
  for (let i = 0; i < tries && !check(); i++) await new Promise((r) => setTimeout(r, stepMs));
  return check();
}
