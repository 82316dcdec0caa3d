import { memo } from 'react';
import { Text } from 'ink';
import type { ScreenName } from '../keymap.js';
import { Tone } from './Tone.js';

export interface TabBarProps {
  readonly tabs: readonly { readonly screen: ScreenName; readonly title: string }[];
  /** The tab the current screen belongs to. */
  readonly active: ScreenName;
  readonly dataset: string;
  /** Shown at the right: a running background job, say. */
  readonly status?: string;
}

/** The top line: the dataset and the numbered screens, the current one marked. */
export const TabBar = memo(function TabBar({ tabs, active, dataset, status }: TabBarProps) {
  return (
    <Text wrap="truncate">
      <Tone tone="title">{dataset}</Tone>
      <Tone tone="muted"> │</Tone>
      {tabs.map((t, i) => {
        const on = t.screen === active;
        const label = `${i + 1} ${t.title}`;
        return (
          <Text key={t.screen}>
            {' '}
            {on ? <Tone tone="selected">{`[${label}]`}</Tone> : <Tone tone="muted">{` ${label} `}</Tone>}
          </Text>
        );
      })}
      {status ? <Tone tone="accent">{`  ${status}`}</Tone> : null}
    </Text>
  );
});
