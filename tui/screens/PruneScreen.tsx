import { Text } from 'ink';
import type { ScreenProps } from './screen-props.js';

export function PruneScreen(_props: ScreenProps & { readonly ruleId?: string }) {
  return <Text>Prune (placeholder)</Text>;
}
