import { Text } from 'ink';
import type { ScreenProps } from './screen-props.js';

export function EvalScreen(_props: ScreenProps & { readonly ruleId?: string }) {
  return <Text>Eval (placeholder)</Text>;
}
