import { createContext } from 'react';

/** How the app draws: with colour and text styles, or plain characters only (NO_COLOR). */
export interface Theme {
  readonly color: boolean;
}

/**
 * Colour is on unless `NO_COLOR` is set to a non-empty value (https://no-color.org). The
 * terminal library rulewright draws with does not read NO_COLOR itself, so every styled
 * component asks this theme instead of styling unconditionally.
 */
export function themeFromEnv(env: NodeJS.ProcessEnv): Theme {
  return { color: !(env.NO_COLOR !== undefined && env.NO_COLOR !== '') };
}

export const ThemeContext = createContext<Theme>({ color: true });
