import type { Route } from '../route.js';
import { EvalScreen } from './EvalScreen.js';
import { ExampleScreen } from './ExampleScreen.js';
import { ExamplesScreen } from './ExamplesScreen.js';
import { FeedbackScreen } from './FeedbackScreen.js';
import { CorrectScreen } from './CorrectScreen.js';
import { CorrectionsScreen } from './CorrectionsScreen.js';
import { LearnScreen } from './LearnScreen.js';
import { PruneScreen } from './PruneScreen.js';
import { RuleDetailScreen } from './RuleDetailScreen.js';
import { RulesScreen } from './RulesScreen.js';
import { SuggestScreen } from './SuggestScreen.js';
import { NextScreen } from './NextScreen.js';
import type { ScreenProps } from './screen-props.js';

export interface ScreenForProps extends ScreenProps {
  readonly route: Route;
}

/** The screen component of a route. */
export function ScreenFor({ route, ...props }: ScreenForProps) {
  switch (route.screen) {
    case 'rules':
      return <RulesScreen {...props} />;
    case 'rule':
      return <RuleDetailScreen {...props} ruleId={route.ruleId} />;
    case 'examples':
      return <ExamplesScreen {...props} />;
    case 'correct':
      return <CorrectScreen {...props} exampleId={route.exampleId} {...(route.ruleId ? { ruleId: route.ruleId } : {})} />;
    case 'example':
      return <ExampleScreen {...props} exampleId={route.exampleId} {...(route.ruleId ? { ruleId: route.ruleId } : {})} />;
    case 'suggest':
      return <SuggestScreen {...props} exampleId={route.exampleId} {...(route.span ? { span: route.span } : {})} />;
    case 'next':
      return <NextScreen {...props} />;
    case 'feedback':
      return <FeedbackScreen {...props} />;
    case 'corrections':
      return <CorrectionsScreen {...props} />;
    case 'prune':
      return <PruneScreen {...props} />;
    case 'eval':
      return <EvalScreen {...props} />;
    case 'learn':
      return <LearnScreen {...props} />;
  }
}
