import { escapeHtml } from '../escape.js';
import { px, ratio } from '../format.js';
import type { ReportLearnStage } from '../types.js';
import { axisTitle, clip, type Frame, linear, svgOpen, yTick } from './frame.js';

const SERIES = [
  { key: 'precision', label: 'precision' },
  { key: 'recall', label: 'recall' },
  { key: 'f1', label: 'F1' },
] as const;

/**
 * Held-out precision, recall and F1 after each stage of a learn run (before, synthesis, each
 * refinement round, pruning), as lines. A null figure (nothing predicted yet) breaks its line.
 */
export function learningCurvePlot(stages: readonly ReportLearnStage[], judgedOn: string | null): string {
  const f: Frame = { width: 640, height: 300, left: 56, right: 96, top: 16, bottom: 56 };
  const x = linear(0, Math.max(1, stages.length - 1), f.left + 12, f.width - f.right - 12);
  const y = linear(0, 1, f.height - f.bottom, f.top);
  const parts: string[] = [svgOpen('learning-curve', f, `Precision, recall and F1 on ${judgedOn ?? 'the held-out split'} after each learning stage`)];
  for (const t of [0, 0.25, 0.5, 0.75, 1]) parts.push(yTick(f, y(t), t.toFixed(2)));
  stages.forEach((s, i) => {
    parts.push(`<text class="tick" x="${px(x(i))}" y="${f.height - f.bottom + 16}" text-anchor="middle">${escapeHtml(clip(s.stage, 12))}</text>`);
    parts.push(`<text class="tick small" x="${px(x(i))}" y="${f.height - f.bottom + 28}" text-anchor="middle">${s.rules} rules</text>`);
  });
  parts.push(axisTitle(f, 'x', 'stage'), axisTitle(f, 'y', `score on ${judgedOn ?? 'held-out'}`));
  SERIES.forEach((series, k) => {
    const segments: string[][] = [[]];
    stages.forEach((s, i) => {
      const v = s[series.key];
      if (v === null) segments.push([]);
      else segments[segments.length - 1]!.push(`${px(x(i))},${px(y(v))}`);
    });
    parts.push(`<g class="series s-${series.key}" data-series="${series.key}">`);
    for (const seg of segments) if (seg.length > 1) parts.push(`<polyline class="line" points="${seg.join(' ')}"/>`);
    stages.forEach((s, i) => {
      const v = s[series.key];
      if (v !== null)
        parts.push(
          `<circle class="dot" cx="${px(x(i))}" cy="${px(y(v))}" r="3.5" data-stage="${escapeHtml(s.stage)}" data-value="${v}">` +
            `<title>${escapeHtml(`${s.stage}: ${series.label} ${ratio(v)} (${s.rules} rules)`)}</title></circle>`,
        );
    });
    parts.push('</g>');
    const ly = f.top + 14 + k * 18;
    parts.push(
      `<g class="legend s-${series.key}"><line class="line" x1="${f.width - f.right + 10}" x2="${f.width - f.right + 28}" y1="${ly - 4}" y2="${ly - 4}"/>` +
        `<text class="tick" x="${f.width - f.right + 32}" y="${ly}">${series.label}</text></g>`,
    );
  });
  parts.push('</svg>');
  return parts.join('');
}
