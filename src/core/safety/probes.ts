/**
 * Unrelated texts a real rule does not all match: punctuation, numbers, prose, a URL, an e-mail,
 * JSON, other scripts, emoji, whitespace and a line break. A rule that yields a span on EVERY one
 * of them matches anything (`.+`, `(?s)^.{1,}$`, `\S|\s`) and is rejected as a catch-all. The set
 * holds punctuation-only and whitespace-only strings on purpose: rejection must be certain, so a
 * broad but meaningful rule (`\w+`, `\d`) never trips it; such rules are only flagged as broad
 * when they fire on most probes.
 */
export const CATCH_ALL_PROBES: readonly string[] = [
  '...',
  '?!',
  '42',
  '3.14159 + 2,718 = 5.86',
  'The quick brown fox jumps over the lazy dog.',
  'https://example.org/path/to?q=1#frag',
  'someone@example.com',
  '{"key": [1, 2, null]}',
  '東京都渋谷区神南一丁目',
  'Ünïcödé naïve café — Ελληνικά, русский',
  '😀🎉',
  ' \t ',
  'line one\nline two',
];

/** Share of probes a rule may fire on before it is flagged as broad (not rejected). */
export const BROAD_SHARE = 0.75;
