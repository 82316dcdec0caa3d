/** A short, id-safe form of a label: lower case, letters and digits, dashes between. */
function slug(s: string, max = 32): string {
  const out = s
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
  return out || 'rule';
}

/** Hands out rule ids that collide with nothing stored and nothing handed out before. */
export class IdAllocator {
  readonly #taken: Set<string>;
  readonly #next = new Map<string, number>();

  constructor(taken: Iterable<string>) {
    this.#taken = new Set(taken);
  }

  /** `prefix-label-N` with the smallest free N (from 1) for that stem. */
  next(prefix: string, label: string): string {
    const stem = `${prefix}-${slug(label)}`;
    let n = this.#next.get(stem) ?? 1;
    while (this.#taken.has(`${stem}-${n}`)) n++;
    const id = `${stem}-${n}`;
    this.#taken.add(id);
    this.#next.set(stem, n + 1);
    return id;
  }

  /** `id` itself when free, else a fresh one with the same stem. */
  claim(id: string, prefix: string, label: string): string {
    if (!this.#taken.has(id)) {
      this.#taken.add(id);
      return id;
    }
    return this.next(prefix, label);
  }

  has(id: string): boolean {
    return this.#taken.has(id);
  }
}
