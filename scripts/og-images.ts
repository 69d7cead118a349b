/**
 * `npx tsx scripts/og-images.ts`: draws the social preview images (Open Graph, Twitter) into
 * app/public/og/, served at /og/. Networks do not show SVG, so each product picture of
 * app/seo/ogImages.ts (an SVG in api/uploads/products/) is drawn onto a 1200×630 PNG card with its
 * caption, next to the shop's card and a square logo, in Debian's Chromium through Playwright.
 * The PNGs are committed: run this again after changing a picture or a caption.
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright';
import { site } from '../api/domain/site';
import { ogImageSize, productCards, shopCard, shopLogo } from '../app/seo/ogImages';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = `${root}app/public/og/`;
/** Social networks fetch these on every share: each stays well under this. */
const maxBytes = 100 * 1024;

const colours = { yellow: '#FFD100', ink: '#1A1A1A', paper: '#F7F6F2', red: '#C20E1A' };

/** A font from @fontsource as a data URL, so the page needs no file or network access. */
async function font(path: string): Promise<string> {
  const bytes = await readFile(`${root}node_modules/@fontsource/${path}`);
  return `data:font/woff2;base64,${bytes.toString('base64')}`;
}

const fonts = {
  serif: await font('merriweather/files/merriweather-latin-700-normal.woff2'),
  sans: await font('open-sans/files/open-sans-latin-400-normal.woff2'),
  sansBold: await font('open-sans/files/open-sans-latin-700-normal.woff2'),
};

/** The favicon's flame, the shop's mark. */
const flame = await readFile(`${root}app/public/favicon.svg`, 'utf8');

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function page(body: string, width: number, height: number): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><style>
@font-face { font-family: Heading; font-weight: 700; src: url(${fonts.serif}) format('woff2'); }
@font-face { font-family: Body; font-weight: 400; src: url(${fonts.sans}) format('woff2'); }
@font-face { font-family: Body; font-weight: 700; src: url(${fonts.sansBold}) format('woff2'); }
* { box-sizing: border-box; margin: 0; }
html, body { width: ${width}px; height: ${height}px; overflow: hidden; }
body { font-family: Body, sans-serif; color: ${colours.ink}; background: ${colours.paper}; }
.brand { display: flex; align-items: center; gap: 20px; font-family: Heading, serif; font-size: 56px; }
.brand svg { width: 80px; height: 80px; }
.band { position: absolute; left: 0; right: 0; bottom: 0; height: 96px; background: ${colours.yellow};
  display: flex; align-items: center; justify-content: space-between; padding: 0 56px;
  font-size: 28px; font-weight: 700; }
</style></head><body>${body}</body></html>`;
}

const band = `<div class="band"><span>Order online for delivery to BT postcodes</span><span>${escape(
  site.offices[0].phone,
)}</span></div>`;

function productCard(svg: string, caption: string): string {
  return page(
    `<div style="position:absolute;left:56px;top:40px;width:560px;height:420px;background:#fff;border:4px solid ${colours.ink};border-radius:24px;overflow:hidden">
      <div style="width:100%;height:100%">${svg.replace('<svg ', '<svg width="100%" height="100%" ')}</div>
    </div>
    <div style="position:absolute;left:672px;top:64px;right:56px">
      <div class="brand">${flame.replace('<svg ', '<svg aria-hidden="true" ')}<span>${escape(site.companyName)}</span></div>
      <h1 style="font-family:Heading,serif;font-size:60px;line-height:1.15;margin-top:56px">${escape(caption)}</h1>
      <p style="font-size:30px;line-height:1.4;margin-top:24px">Delivered across Northern Ireland</p>
    </div>${band}`,
    ogImageSize.width,
    ogImageSize.height,
  );
}

function shopCardPage(): string {
  return page(
    `<div style="position:absolute;inset:0 0 96px 0;display:flex;flex-direction:column;justify-content:center;padding:0 96px">
      <div class="brand" style="font-size:96px;gap:32px">${flame.replace('<svg ', '<svg aria-hidden="true" style="width:132px;height:132px" ')}<span>${escape(site.companyName)}</span></div>
      <p style="font-family:Heading,serif;font-size:46px;line-height:1.3;margin-top:48px">Coal, heating oil, wood pellets and briquettes</p>
      <p style="font-size:32px;line-height:1.4;margin-top:16px">Delivered by our own drivers across Northern Ireland</p>
    </div>${band}`,
    ogImageSize.width,
    ogImageSize.height,
  );
}

function logoPage(size: number): string {
  return page(
    `<div style="width:${size}px;height:${size}px">${flame.replace('<svg ', '<svg width="100%" height="100%" ')}</div>`,
    size,
    size,
  );
}

async function draw(
  browser: Page,
  html: string,
  file: string,
  size: { width: number; height: number },
): Promise<void> {
  await browser.setViewportSize(size);
  await browser.setContent(html, { waitUntil: 'load' });
  await browser.evaluate(() => document.fonts.ready.then(() => undefined));
  const png = await browser.screenshot({ type: 'png', omitBackground: false });
  await writeFile(`${outDir}${file}`, png);
  const { size: bytes } = await stat(`${outDir}${file}`);
  if (bytes > maxBytes) throw new Error(`${file} is ${bytes} bytes, over ${maxBytes}`);
  console.log(`${file.padEnd(24)} ${String(bytes).padStart(7)} bytes`);
}

await mkdir(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
try {
  const tab = await browser.newPage({ deviceScaleFactor: 1 });
  await draw(tab, shopCardPage(), shopCard.file, ogImageSize);
  await draw(tab, logoPage(512), shopLogo.file, { width: 512, height: 512 });
  for (const [name, card] of Object.entries(productCards)) {
    const svg = await readFile(`${root}api/uploads/products/${name}.svg`, 'utf8');
    await draw(tab, productCard(svg, card.caption), `${name}.png`, ogImageSize);
  }
} finally {
  await browser.close();
}
