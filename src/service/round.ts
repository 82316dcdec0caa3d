/** Milliseconds rounded to one decimal, as every reported timing is. */
export const round = (ms: number): number => Math.round(ms * 10) / 10;
