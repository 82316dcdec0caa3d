/** A span selected in an example's text (JS string offsets, end-exclusive) and the label its rule gives. */
export interface SpanChoice {
  readonly start: number;
  readonly end: number;
  readonly label: string;
}

/** A place in the app. Screens below the top of the stack stay mounted, keeping their state. */
export type Route =
  | { readonly screen: 'rules' }
  | { readonly screen: 'rule'; readonly ruleId: string }
  | { readonly screen: 'examples' }
  | { readonly screen: 'correct'; readonly exampleId: string; readonly ruleId?: string }
  | { readonly screen: 'example'; readonly exampleId: string; readonly ruleId?: string }
  | { readonly screen: 'suggest'; readonly exampleId: string; readonly span?: SpanChoice }
  | { readonly screen: 'next' }
  | { readonly screen: 'feedback' }
  | { readonly screen: 'corrections' }
  | { readonly screen: 'prune' }
  | { readonly screen: 'eval' }
  | { readonly screen: 'learn' };

/** A stable key of a route, for React keys and error-boundary resets. */
export function routeKey(r: Route): string {
  switch (r.screen) {
    case 'rule':
      return `rule:${r.ruleId}`;
    case 'correct':
      return `correct:${r.exampleId}`;
    case 'example':
      return `example:${r.exampleId}`;
    case 'suggest':
      return `suggest:${r.exampleId}${r.span ? `:${r.span.start}-${r.span.end}:${r.span.label}` : ''}`;
    default:
      return r.screen;
  }
}
