#!/usr/bin/env node
// Writes kong.yml's security headers (the global response-transformer's `add.headers`) into
// every docker/nginx/*.conf between the BEGIN/END markers, so the frontends' nginx sends the same set as Kong and
// the dev gateway. One source: edit gateway/kong.yml, then run `node docker/nginx/sync-security-headers.mjs`;
// tests/contract/security-headers.test.ts fails while a conf is out of step.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../..');
export const BEGIN = '# BEGIN security headers (generated from gateway/kong.yml: node docker/nginx/sync-security-headers.mjs)';
export const END = '# END security headers';

/** `[[name, value], ...]` from the global response-transformer of a kong.yml text (split at the first colon, as Kong). */
export function kongSecurityHeaders(kongText) {
  const plugin = (parse(kongText).plugins ?? []).find((candidate) => candidate.name === 'response-transformer');
  return (plugin?.config?.add?.headers ?? []).map((entry) => {
    const colon = entry.indexOf(':');
    return [entry.slice(0, colon).trim(), entry.slice(colon + 1).trim()];
  });
}

/** nginx `add_header` lines; `always` so 404s and other errors carry them too. */
export function nginxLines(headers) {
  return headers.map(([name, value]) => `add_header ${name} "${value.replace(/["\\]/g, '\\$&')}" always;`);
}

/** The conf text with every BEGIN/END block filled with `lines`, each at its BEGIN marker's indentation. */
export function fillBlocks(confText, lines) {
  const out = [];
  let inside = false;
  for (const line of confText.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === BEGIN) {
      const indent = line.slice(0, line.indexOf('#'));
      out.push(line, ...lines.map((entry) => indent + entry));
      inside = true;
      continue;
    }
    if (trimmed === END) inside = false;
    if (!inside) out.push(line);
  }
  return out.join('\n');
}

export function confFiles(dir = here) {
  return readdirSync(dir).filter((name) => name.endsWith('.conf')).map((name) => join(dir, name));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const lines = nginxLines(kongSecurityHeaders(readFileSync(join(repoRoot, 'gateway/kong.yml'), 'utf8')));
  for (const file of confFiles()) {
    const before = readFileSync(file, 'utf8');
    const after = fillBlocks(before, lines);
    if (after !== before) writeFileSync(file, after);
    console.log(`${after === before ? 'unchanged' : 'updated  '} ${file}`);
  }
}
