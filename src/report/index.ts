/**
 * The HTML report: pure builders that take the data (`ReportData`) and return HTML strings.
 * `src/service/report.ts` gathers the data and writes the file.
 */
export { buildReportHtml, marginalBars, precisionPoints, MAX_MARGINAL_BARS } from './build-report.js';
export { cardId, ruleCard, sampleHtml, sortRules } from './cards.js';
export { domId, escapeHtml, jsonForScript } from './escape.js';
export { barChart, niceTicks, type Bar, type BarChartOptions } from './plots/bars.js';
export { learningCurvePlot } from './plots/learning-curve.js';
export { precisionSupportPlot, type PrecisionPoint } from './plots/precision-support.js';
export type { ReportData, ReportLearnStage, ReportLearning, ReportRule } from './types.js';
export { wilsonInterval } from './wilson.js';
