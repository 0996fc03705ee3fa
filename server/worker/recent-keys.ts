/** The last `max` keys seen (a set that forgets its oldest entries), for notices that may arrive early. */
export class RecentKeys {
  private readonly keys = new Set<string>();

  constructor(private readonly max: number) {}

  add(key: string): void {
    this.keys.delete(key);
    this.keys.add(key);
    if (this.keys.size > this.max) this.keys.delete(this.keys.values().next().value!);
  }

  has(key: string): boolean {
    return this.keys.has(key);
  }
}
