import { Text, type TextProps } from 'ink';
import { useContext, type ReactNode } from 'react';
import { ThemeContext } from '../theme.js';

/** What a piece of text means; the theme decides how that looks. */
export type ToneName =
  | 'plain'
  | 'title'
  | 'muted'
  | 'accent'
  | 'good'
  | 'bad'
  | 'warn'
  | 'selected'
  | 'key'
  | 'special'
  | 'tp'
  | 'fp'
  | 'fn';

const STYLES: Record<ToneName, TextProps> = {
  plain: {},
  title: { bold: true },
  muted: { dimColor: true },
  accent: { color: 'cyan' },
  good: { color: 'green' },
  bad: { color: 'red' },
  warn: { color: 'yellow' },
  selected: { inverse: true },
  key: { color: 'cyan', bold: true },
  special: { color: 'magenta' },
  tp: { color: 'black', backgroundColor: 'green' },
  fp: { color: 'white', backgroundColor: 'red' },
  fn: { color: 'black', backgroundColor: 'yellow' },
};

export interface ToneProps {
  readonly tone?: ToneName;
  readonly children?: ReactNode;
  readonly wrap?: TextProps['wrap'];
}

/**
 * Text with a meaning-based style. Under NO_COLOR it draws the text with no escape codes at
 * all (not even bold), so every screen still reads as plain characters.
 */
export function Tone({ tone = 'plain', children, wrap }: ToneProps) {
  const { color } = useContext(ThemeContext);
  const style = color ? STYLES[tone] : {};
  return (
    <Text {...style} {...(wrap ? { wrap } : {})}>
      {children}
    </Text>
  );
}
