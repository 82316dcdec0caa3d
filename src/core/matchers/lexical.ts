const TOKEN = /[\p{L}\p{N}]+/gu;

/** Jaccard similarity of the lower-cased word sets (1 when both are empty). */
export function tokenJaccard(a: string, b: string): number {
  const x = new Set(a.toLowerCase().match(TOKEN) ?? []);
  const y = new Set(b.toLowerCase().match(TOKEN) ?? []);
  if (x.size === 0 && y.size === 0) return 1;
  let inter = 0;
  for (const t of x) if (y.has(t)) inter++;
  return inter / (x.size + y.size - inter);
}

function grams(s: string, n: number): Map<string, number> {
  const padded = ` ${s.toLowerCase().replace(/\s+/gu, ' ').trim()} `;
  const out = new Map<string, number>();
  for (let i = 0; i + n <= padded.length; i++) {
    const g = padded.slice(i, i + n);
    out.set(g, (out.get(g) ?? 0) + 1);
  }
  return out;
}

/** Cosine similarity of character n-gram counts (padded with a space; 1 when both are empty). */
export function charNgramCosine(a: string, b: string, n = 3): number {
  if (a.trim() === '' && b.trim() === '') return 1;
  const x = grams(a, n);
  const y = grams(b, n);
  let dot = 0;
  let nx = 0;
  let ny = 0;
  for (const [g, c] of x) {
    nx += c * c;
    dot += c * (y.get(g) ?? 0);
  }
  for (const c of y.values()) ny += c * c;
  return nx === 0 || ny === 0 ? 0 : dot / Math.sqrt(nx * ny);
}

/** Cosine similarity of two vectors (0 when either is all zeros). */
export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
