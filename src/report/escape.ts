const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Escapes text for HTML element content and quoted attribute values: `& < > " '`. Every string
 * that comes from a dataset, a rule or the workspace goes through this before it reaches markup.
 * Lone UTF-16 surrogates are replaced (U+FFFD) so the file is valid UTF-8.
 */
export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(LONE_SURROGATE, '\uFFFD')
    .replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * JSON for a `<script type="application/json">` block: `<`, `>` and `&` become `\u003c`,
 * `\u003e` and `\u0026` (so neither `</script>` nor `<!--` can end or change the block), and the
 * line separators U+2028/U+2029 are escaped too. `JSON.parse` of the block's text gives `value` back.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value ?? null)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * JSON for a `<script type="application/json">` block that holds markup: lighter than
 * jsonForScript (markup is mostly `<` and `>`, six bytes each there), it escapes only what can end
 * or change the block: `</` becomes `<\/` (so no `</script` remains), and the `<` of `<!` and of
 * `<script` becomes `\u003c` (so no `<!--` opens an escaped state and no script tag appears at
 * all), plus U+2028/U+2029. `JSON.parse` gives `value` back.
 */
export function jsonForMarkupScript(value: unknown): string {
  return JSON.stringify(value ?? null)
    .replace(/<\//g, '<\\/')
    .replace(/<(?=!|script)/gi, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * A value for an `id` or `href="#…"`: anything outside `[A-Za-z0-9-]` (the underscore included) is
 * written as `_hex_`, so different values give different ids and no id carries markup.
 */
export function domId(prefix: string, value: string): string {
  return `${prefix}-${value.replace(/[^A-Za-z0-9-]/g, (c) => `_${c.charCodeAt(0).toString(16)}_`)}`;
}
