import { mayMatch, requiredLiterals, type RequiredLiterals } from '../regex/required-literals.js';

/**
 * Runs of a matcher before its required literals are read: parsing a pattern costs about as
 * much as this many runs on short texts, so a handful of texts never pays for it and a large
 * batch pays once.
 */
const READ_AFTER = 256;

/** A regex's source and flags, as it runs. */
export interface Source {
  source: string;
  flags: string;
}

/** The source and flags of a built regex. */
export const sourceOf = (re: RegExp): Source => ({ source: re.source, flags: re.flags });

/**
 * Skips a regex on texts that lack every literal its matches need (see required-literals.ts),
 * once the matcher has run often enough for the parse to pay. Mutable: one per cached matcher.
 */
export class Prefilter {
  private uses = 0;
  private faithful: RequiredLiterals | null = null;
  private ascii: RequiredLiterals | null = null;

  /** `faithful`: the regex run on any text (null: not screened); `ascii`: the one run on ASCII-only text. */
  constructor(
    private readonly sources: { faithful: Source | null; ascii: Source | null },
  ) {}

  /** False only when the regex cannot match `text` (`useAscii`: the ASCII regex runs; `textAscii`: the text is ASCII). */
  allows(text: string, useAscii: boolean, textAscii: boolean): boolean {
    if (this.uses < READ_AFTER) {
      if (++this.uses === READ_AFTER) this.read();
      return true;
    }
    const req = useAscii ? this.ascii : this.faithful;
    if (!req || (req.asciiOnly && !textAscii)) return true;
    return mayMatch(req, text);
  }

  private read(): void {
    const { faithful, ascii } = this.sources;
    if (faithful) this.faithful = requiredLiterals(faithful.source, faithful.flags);
    if (ascii) this.ascii = requiredLiterals(ascii.source, ascii.flags);
  }
}
