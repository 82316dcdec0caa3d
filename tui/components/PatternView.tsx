import { Text } from 'ink';
import { type RegexTokenKind, tokenizeRegex } from '../model/regex-tokens.js';
import { Tone, type ToneName } from './Tone.js';

const TONES: Record<RegexTokenKind, ToneName> = {
  literal: 'plain',
  escape: 'good',
  class: 'warn',
  group: 'accent',
  quantifier: 'special',
  alternation: 'bad',
  anchor: 'special',
  dot: 'good',
};

export interface PatternViewProps {
  readonly pattern: string;
  readonly wrap?: 'wrap' | 'truncate';
}

/** A regex source with its groups, classes, escapes and quantifiers in their own colours. */
export function PatternView({ pattern, wrap = 'wrap' }: PatternViewProps) {
  return (
    <Text wrap={wrap}>
      {tokenizeRegex(pattern).map((t, i) => (
        <Tone key={i} tone={TONES[t.kind]}>
          {t.text}
        </Tone>
      ))}
    </Text>
  );
}
