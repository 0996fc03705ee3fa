/**
 * Password hashing with argon2id (the `argon2` package, prebuilt binaries). Every hash and verify
 * goes through one small gate: at most PARALLEL run at once (each takes ~64 MiB and a core for a
 * moment) and at most QUEUED wait; beyond that the caller is told the server is busy, so no burst
 * of calls can pile up unbounded argon2 work. A login for an unknown email verifies against a
 * dummy hash made with the same parameters, so it costs and takes what a known one does.
 */
import argon2 from "argon2";

/** One set of parameters for every stored hash and for the dummy one. */
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 65_536, timeCost: 3, parallelism: 4 } as const;
const PARALLEL = 2;
const QUEUED = 64;

export class PasswordWorkBusyError extends Error {
  override name = "PasswordWorkBusyError";
  constructor() {
    super(`the server is busy checking other passwords (${PARALLEL} at once, ${QUEUED} waiting): try again shortly`);
  }
}

let running = 0;
const waiting: (() => void)[] = [];

/** Runs `work` when a slot is free; refuses at once when the queue is full. */
async function gated<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PARALLEL) {
    if (waiting.length >= QUEUED) throw new PasswordWorkBusyError();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter (running stays counted for it).
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export function hashPassword(password: string): Promise<string> {
  return gated(() => argon2.hash(password, HASH_OPTIONS));
}

let dummyHash: Promise<string> | undefined;

/** Verifies `password` against `hash`; with no hash (unknown user) does the same work and fails. */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    dummyHash ??= argon2.hash("wf-composer-no-such-user", HASH_OPTIONS);
    const dummy = await dummyHash;
    await gated(() => argon2.verify(dummy, password)).catch((err: unknown) => {
      if (err instanceof PasswordWorkBusyError) throw err;
    });
    return false;
  }
  return gated(() => argon2.verify(hash, password)).catch((err: unknown) => {
    if (err instanceof PasswordWorkBusyError) throw err;
    return false;
  });
}
