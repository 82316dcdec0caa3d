import { Text } from 'ink';
import { useContext } from 'react';
import type { MarkedSegment } from '../model/match-segments.js';
import { ThemeContext } from '../theme.js';
import { Tone } from './Tone.js';

export interface ExampleTextProps {
  readonly segments: readonly MarkedSegment[];
  /** Whether a match (by its index in the segments' `covers`) is the rule the screen is about. */
  readonly mine: (match: number) => boolean;
}

const sameCovers = (a: MarkedSegment | undefined, b: MarkedSegment) => !!a && a.covers.length === b.covers.length && a.covers.every((k, i) => k === b.covers[i]);

/**
 * An example's text with every rule's matches marked (the rule the screen is about in its own
 * colour, or `[ ]` against `{ }` without colour), and the text cursor: the selection and the
 * caret in reverse video, or without colour the selection in `« »` and the caret as `|` before
 * the character it is on.
 */
export function ExampleText({ segments, mine }: ExampleTextProps) {
  const { color } = useContext(ThemeContext);
  const first = segments.findIndex((s) => s.selected);
  const last = segments.findLastIndex((s) => s.selected);
  return (
    <Text wrap="wrap">
      {segments.map((s, i) => {
        const own = s.covers.some(mine);
        const key = `${s.start}:${i}`;
        if (color) {
          // The caret at the end of the text stands on a blank.
          if (s.selected || s.caret) return <Tone key={key} tone="selected">{s.text || ' '}</Tone>;
          return (
            <Tone key={key} {...(s.covers.length ? { tone: own ? 'tp' : 'special' } : {})}>
              {s.text}
            </Tone>
          );
        }
        // A match the cursor cuts into pieces keeps one pair of brackets round all of them.
        const [open, close] = !s.covers.length ? ['', ''] : own ? ['[', ']'] : ['{', '}'];
        const opens = !sameCovers(segments[i - 1], s) ? open : '';
        const closes = !sameCovers(segments[i + 1], s) ? close : '';
        return <Tone key={key}>{`${i === first ? '«' : ''}${s.caret ? '|' : ''}${opens}${s.text}${closes}${i === last ? '»' : ''}`}</Tone>;
      })}
    </Text>
  );
}
