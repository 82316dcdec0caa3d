import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/**
 * Headless Chromium for tests that open the HTML report: Debian's `chromium` package
 * (`/usr/bin/chromium`, or `$RULEWRIGHT_CHROMIUM`), driven by playwright-core, which downloads no
 * browser of its own. `.ci/run` installs the package when it is missing; elsewhere the browser
 * tests skip and say why.
 */
const chromiumPath = process.env.RULEWRIGHT_CHROMIUM || '/usr/bin/chromium';

/** Why the browser tests cannot run here, or undefined when they can. */
export const chromiumMissing: string | undefined = existsSync(chromiumPath)
  ? undefined
  : `no Chromium at ${chromiumPath}: install Debian's chromium package (sudo apt-get install -y chromium; .ci/run does) or set RULEWRIGHT_CHROMIUM`;

/** Flags for a quiet, offline, sandbox-free (root) headless run. */
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** An open page with everything it logged as an error and every URL it requested. */
export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught exceptions. */
  errors: string[];
  /** Every URL the page asked for (the file itself included). */
  requests: string[];
  close(): Promise<void>;
}

/** Opens a local HTML file in a fresh headless Chromium profile. */
export async function openFile(file: string, viewport = { width: 1280, height: 900 }): Promise<OpenedPage> {
  const profile = mkdtempSync(join(tmpdir(), 'rulewright-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath, headless: true, args: ARGS, viewport });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  context.on('request', (r) => requests.push(r.url()));
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  return {
    page,
    context,
    errors,
    requests,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** What a PNG screenshot shows: its size, the share of pixels unlike the top-left one, distinct colours. */
export interface PixelStats {
  width: number;
  height: number;
  inked: number;
  colors: number;
}

/** Decodes a PNG in a blank page of the same browser (canvas) and measures how much it shows. */
export async function pixelStats(context: BrowserContext, png: Buffer): Promise<PixelStats> {
  const blank = await context.newPage();
  try {
    // Runs in the page: a string, because the project compiles without the DOM library.
    return (await blank.evaluate(`(async (b64) => {
      const img = new Image();
      img.src = 'data:image/png;base64,' + b64;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const g = canvas.getContext('2d');
      g.drawImage(img, 0, 0);
      const d = g.getImageData(0, 0, img.width, img.height).data;
      const colors = new Set();
      let inked = 0;
      for (let i = 0; i < d.length; i += 4) {
        if (Math.abs(d[i] - d[0]) + Math.abs(d[i + 1] - d[1]) + Math.abs(d[i + 2] - d[2]) > 24) inked++;
        colors.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
      }
      return { width: img.width, height: img.height, inked: inked / (d.length / 4), colors: colors.size };
    })(${JSON.stringify(png.toString('base64'))})`)) as PixelStats;
  } finally {
    await blank.close();
  }
}
