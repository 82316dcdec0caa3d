import { escapeHtml } from '../escape.js';
import { count, px, ratio } from '../format.js';
import type { ReportRuleCurve, ReportRuleCurvePoint } from '../types.js';
import { axisTitle, type Frame, linear, svgOpen, xTick, yTick } from './frame.js';

/** Most points a curve keeps: enough for a 640-pixel plot, few enough for a report of thousands of rules. */
const MAX_CURVE_POINTS = 320;

/** F1 this close to the whole list's counts as reached (the threshold "fewer rules win" uses). */
export const CURVE_TOLERANCE = 0.005;

/** Every `step`-th point, the last and the best kept, so the plot's shape and its marks survive thinning. */
export function thinCurve(points: readonly ReportRuleCurvePoint[], max = MAX_CURVE_POINTS): ReportRuleCurvePoint[] {
  if (points.length <= max) return [...points];
  const step = Math.ceil(points.length / max);
  const best = bestPoint(points);
  const reached = reachedPoint(points);
  return points.filter((p, i) => i % step === 0 || i === points.length - 1 || p === best || p === reached);
}

/** The point of highest F1 (fewest rules on a tie). */
export function bestPoint(points: readonly ReportRuleCurvePoint[]): ReportRuleCurvePoint | undefined {
  let best: ReportRuleCurvePoint | undefined;
  for (const p of points) if (p.f1 !== null && (!best || p.f1 > best.f1!)) best = p;
  return best;
}

/** The first point whose F1 is within CURVE_TOLERANCE of the whole list's: where more rules stop paying. */
export function reachedPoint(points: readonly ReportRuleCurvePoint[]): ReportRuleCurvePoint | undefined {
  const last = points[points.length - 1]?.f1;
  if (last === null || last === undefined) return undefined;
  return points.find((p) => p.f1 !== null && p.f1 >= last - CURVE_TOLERANCE);
}

/** One line per figure, broken where the figure is null (nothing predicted yet). */
function line(key: 'precision' | 'recall' | 'f1', points: readonly ReportRuleCurvePoint[], x: (v: number) => number, y: (v: number) => number): string {
  const runs: string[][] = [[]];
  for (const p of points) {
    const v = p[key];
    if (v === null) runs.push([]);
    else runs[runs.length - 1]!.push(`${px(x(p.rules))},${px(y(v))}`);
  }
  const drawn = runs.filter((r) => r.length > 1).map((r) => `<polyline class="line" points="${r.join(' ')}"/>`);
  return `<g class="series s-${key}" data-series="${key}">${drawn.join('')}</g>`;
}

/**
 * Held-out precision, recall and F1 of the first k rules in execution order, k from 0 to all: how
 * much each further rule buys. Marked: the best F1 and the first point within CURVE_TOLERANCE of
 * the whole list's F1.
 */
export function rulesCurvePlot(curve: ReportRuleCurve): string {
  const f: Frame = { width: 640, height: 300, left: 56, right: 96, top: 16, bottom: 44 };
  const pts = curve.points;
  const n = pts[pts.length - 1]?.rules ?? 0;
  const x = linear(0, Math.max(1, n), f.left, f.width - f.right);
  const y = linear(0, 1, f.height - f.bottom, f.top);
  const parts = [svgOpen('rules-curve', f, `Precision, recall and F1 on ${curve.split} of the first k rules in execution order`)];
  for (const t of [0, 0.25, 0.5, 0.75, 1]) parts.push(yTick(f, y(t), t.toFixed(2)));
  for (const t of [0, 0.25, 0.5, 0.75, 1]) parts.push(xTick(f, x(Math.round(t * n)), count(Math.round(t * n))));
  parts.push(axisTitle(f, 'x', 'rules (in execution order)'), axisTitle(f, 'y', `score on ${curve.split}`));
  (['precision', 'recall', 'f1'] as const).forEach((key, k) => {
    parts.push(line(key, pts, x, y));
    const ly = f.top + 14 + k * 18;
    parts.push(
      `<g class="legend s-${key}"><line class="line" x1="${f.width - f.right + 10}" x2="${f.width - f.right + 28}" y1="${ly - 4}" y2="${ly - 4}"/>` +
        `<text class="tick" x="${f.width - f.right + 32}" y="${ly}">${key === 'f1' ? 'F1' : key}</text></g>`,
    );
  });
  const mark = (p: ReportRuleCurvePoint | undefined, what: string) =>
    p && p.f1 !== null
      ? `<g class="series s-f1"><circle class="dot" data-mark="${what}" cx="${px(x(p.rules))}" cy="${px(y(p.f1))}" r="4" data-rules="${p.rules}">` +
        `<title>${escapeHtml(`${what}: F1 ${ratio(p.f1)} with the first ${p.rules} rules${p.rule_id ? ` (up to ${p.rule_id})` : ''}`)}</title></circle></g>`
      : '';
  parts.push(mark(bestPoint(pts), 'best'), mark(reachedPoint(pts), 'reached'), '</svg>');
  return parts.join('');
}
