/** A secret the vault holds but cannot decrypt with this process's key (it was sealed under another one). */
export class UnreadableSecretError extends Error {
  override name = "UnreadableSecretError";
  constructor(readonly secret: string) {
    super(`secret ${secret} was sealed with another key than this process's`);
  }
}
