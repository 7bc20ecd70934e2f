// Makes the installed app's icons (public/icons/*.png, named in public/manifest.webmanifest) from
// public/favicon.svg with resvg, so the PNGs are never drawn by hand: edit the favicon, run
// `node frontends/shell/scripts/make-icons.mjs`, commit the PNGs (tests/e2e/installable-app.e2e.ts checks that
// each one the manifest names is there at its size).
//
// "any" icons are the favicon itself (its rounded square fills the picture). "maskable" icons are cropped
// by the launcher to a circle or squircle that keeps only the middle 80%, so they get a full-bleed square
// of the favicon's colour with the mark scaled into that safe zone.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

const shellDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = join(shellDir, 'public');

export const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-192.png', size: 192, maskable: true },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
];

/** The maskable variant: the favicon's own colour as a square background, the mark at 70% in the middle. */
export function maskableSvg(faviconSvg) {
  const colour = /<rect[^>]*fill="(#[0-9a-fA-F]{3,8})"/.exec(faviconSvg)?.[1] ?? '#0f766e';
  const inner = faviconSvg.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${colour}"/><g transform="translate(4.8 4.8) scale(0.7)">${inner}</g></svg>`;
}

/** One icon as PNG bytes. DejaVu Sans stands in for system-ui, so every machine draws the same letters. */
export function renderIcon(faviconSvg, { size, maskable }) {
  const svg = maskable ? maskableSvg(faviconSvg) : faviconSvg;
  const resvg = new Resvg(svg.replace(/font-family="[^"]*"/g, 'font-family="DejaVu Sans"'), {
    fitTo: { mode: 'width', value: size },
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
  });
  return resvg.render().asPng();
}

export async function makeIcons(outDir = join(publicDir, 'icons')) {
  const favicon = await readFile(join(publicDir, 'favicon.svg'), 'utf8');
  for (const icon of ICONS) await writeFile(join(outDir, icon.file), renderIcon(favicon, icon));
  return ICONS.map((icon) => join(outDir, icon.file));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  makeIcons().then(
    (files) => console.log(`make-icons: ${files.length} icons written to public/icons/`),
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
