import { Text } from 'ink';
import { useContext } from 'react';
import type { LineState } from '../model/line-edit.js';
import { ThemeContext } from '../theme.js';
import { Tone } from './Tone.js';

export interface TextFieldProps {
  readonly label: string;
  readonly line: LineState;
  readonly focused: boolean;
  readonly placeholder?: string;
  readonly width: number;
}

/**
 * A one-line field: label, value and a caret when focused. The screen owns the value and the
 * keys (see model/line-edit.ts); this only draws it, scrolled so the caret stays in view.
 */
export function TextField({ label, line, focused, placeholder = '', width }: TextFieldProps) {
  const { color } = useContext(ThemeContext);
  const room = Math.max(4, width - label.length - 2);
  const start = Math.max(0, line.caret - room + 1);
  const visible = line.value.slice(start, start + room);
  const at = line.caret - start;
  const empty = line.value === '';
  return (
    <Text wrap="truncate">
      <Tone tone={focused ? 'key' : 'muted'}>{label}</Tone>{' '}
      {empty && !focused ? <Tone tone="muted">{placeholder}</Tone> : null}
      {focused ? (
        color ? (
          <Text>
            {visible.slice(0, at)}
            <Text inverse>{visible[at] ?? ' '}</Text>
            {visible.slice(at + 1)}
          </Text>
        ) : (
          // Without colour the caret is a visible character.
          <Text>{`${visible.slice(0, at)}▏${visible.slice(at)}`}</Text>
        )
      ) : (
        <Text>{visible}</Text>
      )}
    </Text>
  );
}
