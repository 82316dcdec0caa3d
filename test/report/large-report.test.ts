import { writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { buildReportHtml } from '../../src/report/build-report.js';
import { samplesPerKind } from '../../src/service/report.js';
import { chromiumMissing, openFile } from '../helpers/chromium.js';
import { useTempDir } from '../helpers/temp.js';
import { manyRulesReport } from './fixtures.js';

const RULES = 2_000;
/** As the service gathers it for 2,000 rules: its sample budget decides how many per kind. */
const data = manyRulesReport(RULES, samplesPerKind(undefined, RULES));
const html = buildReportHtml(data);
const cardsBlock = /<script type="application\/json" id="report-cards">([\s\S]*?)<\/script>/.exec(html)![1]!;

describe('a report of 2,000 rules', () => {
  test.each([
    [undefined, 100, 8],
    [undefined, 500, 8],
    [undefined, 2_000, 2],
    [undefined, 100_000, 2],
    [5, 2_000, 5],
    [0, 10, 0],
  ])('samples per kind (asked %s, %d rules): %d', (asked, rules, expected) => {
    expect(samplesPerKind(asked, rules)).toBe(expected);
  });

  test('carries each sample once, in the cards block: no card is in the page until it is opened', () => {
    const sampleText = 'Item1234x1';
    expect(html.split(sampleText).length).toBe(cardsBlock.split(sampleText).length);
    expect(cardsBlock).toContain(sampleText);
    expect(html).not.toMatch(/<article class="card"/);
    expect(html.match(/<tr data-id="[^"]+" data-label=/g)).toHaveLength(RULES);
  });

  test('stays small: under 7 KB per rule, table, cards and data together', () => {
    expect(Buffer.byteLength(html, 'utf8')).toBeLessThan(RULES * 7_000);
  });

  const tmp = useTempDir();
  test.skipIf(!!chromiumMissing)('opens in Chromium with the whole table and no card, and opens a card on demand', async () => {
    const file = tmp.path('big.html');
    writeFileSync(file, html);
    const o = await openFile(file);
    try {
      expect(await o.page.locator('#rules-table tbody tr').count()).toBe(RULES);
      expect(await o.page.locator('#cards .card').count()).toBe(0);
      // The rows past the first screen are shown right after it.
      await o.page.locator('#rules-table tbody tr[data-id="r1999"]').waitFor({ state: 'visible' });
      expect(await o.page.locator('#rules-table tbody tr:visible').count()).toBe(RULES);
      await o.page.locator('#rules-table tbody tr[data-id="r1999"] td').first().click();
      expect(await o.page.locator('#cards .card').count()).toBe(1);
      expect(await o.page.locator('.card:target').getAttribute('data-id')).toBe('r1999');
      await o.page.fill('#f-search', 'Item1999x1');
      expect(await o.page.locator('#shown-count').textContent()).toBe('1');
      expect(o.errors).toEqual([]);
    } finally {
      await o.close();
    }
  }, 60_000);
});
