/**
 * Password hashing with argon2id (the `argon2` package, prebuilt binaries). A login for an unknown
 * email still verifies against a fixed hash, so the answer takes as long as for a known one.
 */
import argon2 from "argon2";

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

let dummyHash: Promise<string> | undefined;

/** Verifies `password` against `hash`; with no hash (unknown user) burns the same time and fails. */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    dummyHash ??= hashPassword("wf-composer-no-such-user");
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
