/** What every screen gets from the shell. */
export interface ScreenProps {
  /** False while the screen is covered (help, a dialog, a screen on top): it ignores keys then. */
  readonly active: boolean;
  readonly width: number;
  /** Rows the screen may use (the shell's tab bar and footer are outside it). */
  readonly height: number;
}
