/**
 * Python's `finditer` differs from JS's after an empty match at p: JS moves on to p+1, Python
 * searches again from p but refuses an empty match there, so a NON-empty match starting at p can
 * still be found (`(?=a)|ab` on "ab" gives (0,0),(0,2) in Python and only (0,0) in JS).
 *
 * A native regex cannot say "end > start" directly, so the retry regex captures the rest of the
 * text at the start and, at the end, forbids the rest being that same capture (true only when
 * nothing was consumed). The capture is group 1, so every numbered group and backreference of the
 * original shifts by one. Compiled sticky: it is only ever tried at the empty match's position.
 */
export function nonEmptyRetryRegex(regex: RegExp): RegExp | null {
  const baseFlags = regex.flags.replace(/[gy]/g, '');
  let count: number;
  try {
    count = new RegExp(`${regex.source}|`, baseFlags.replace('d', '')).exec('')!.length - 1;
  } catch {
    return null;
  }
  const source = shiftBackreferences(regex.source, count, regex.unicode || regex.unicodeSets, regex.unicodeSets);
  if (source === null) return null;
  try {
    return new RegExp(`(?=(?<__rw_rest>[\\s\\S]*))(?:${source})(?!\\k<__rw_rest>(?![\\s\\S]))`, `${baseFlags}y`);
  } catch {
    return null;
  }
}

/**
 * Rewrites `\N` backreferences to `\N+1`. Null when a `\N` is not a backreference (a legacy octal
 * escape in non-Unicode mode), as adding a group could turn it into one.
 */
function shiftBackreferences(source: string, groupCount: number, unicodeMode: boolean, nestedClasses: boolean): string | null {
  let out = '';
  let classDepth = 0;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '\\') {
      const digits = classDepth === 0 ? /^[1-9]\d*/.exec(source.slice(i + 1)) : null;
      if (digits) {
        const n = Number(digits[0]);
        if (n > groupCount) return null;
        out += `\\${n + 1}`;
        i += digits[0].length;
        continue;
      }
      if (!unicodeMode && classDepth > 0 && /[1-9]/.test(source[i + 1] ?? '')) return null;
      out += ch + (source[i + 1] ?? '');
      i++;
      continue;
    }
    if (ch === '[') classDepth = nestedClasses || classDepth === 0 ? classDepth + 1 : classDepth;
    else if (ch === ']' && classDepth > 0) classDepth--;
    out += ch;
  }
  return out;
}
