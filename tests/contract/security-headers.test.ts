// One source for the security headers. gateway/kong.yml's global response-transformer holds
// them (Kong applies it in production, gateway/dev reads the same plugin), and the frontends' nginx sends the same
// set in every block where it adds headers (docker/nginx/sync-security-headers.mjs writes them from kong.yml).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { responseHeadersToAdd, parseKongConfig } from '../../gateway/dev/src/kong-config.mjs';
import { confFiles, fillBlocks, kongSecurityHeaders, nginxLines } from '../../docker/nginx/sync-security-headers.mjs';
import { kongConfigPath, repoRoot } from './kong-config.loader.js';

const kongText = fs.readFileSync(kongConfigPath, 'utf8');
const kongHeaders: [string, string][] = kongSecurityHeaders(kongText);
const byName = new Map(kongHeaders.map(([name, value]) => [name.toLowerCase(), value]));

/** CSP directives as a map: `default-src` -> `'self'`. */
function directives(csp: string): Map<string, string> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const space = part.indexOf(' ');
        return space === -1 ? [part, ''] : [part.slice(0, space), part.slice(space + 1).trim()];
      }),
  );
}

/**
 * The add_header lines of each block of an nginx conf that has any (nginx: a block with its own add_header
 * does not inherit the outer ones), keyed by a label such as `server` or `location /assets/`.
 */
function addHeaderBlocks(conf: string): Map<string, Map<string, string>> {
  const blocks = new Map<string, Map<string, string>>();
  const stack: string[] = [];
  for (const raw of conf.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    if (line.endsWith('{')) stack.push(line.slice(0, -1).trim());
    else if (line === '}') stack.pop();
    const found = /^add_header\s+(\S+)\s+"((?:[^"\\]|\\.)*)"(?:\s+always)?;$/.exec(line);
    if (found) {
      const label = stack.join(' > ');
      if (!blocks.has(label)) blocks.set(label, new Map());
      blocks.get(label)!.set(found[1]!.toLowerCase(), found[2]!.replace(/\\(.)/g, '$1'));
    }
  }
  return blocks;
}

describe('security headers in gateway/kong.yml (global response-transformer)', () => {
  it('has a strict Content-Security-Policy that still lets the shell load its same-origin remotes', () => {
    const csp = directives(byName.get('content-security-policy') ?? '');
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('base-uri')).toBe("'self'");
    // Scripts only from our origin (the remotes are under /remotes/<name>/) and Plaid Link's one script.
    const scripts = (csp.get('script-src') ?? '').split(' ');
    expect(scripts[0]).toBe("'self'");
    for (const source of scripts) expect(source).not.toMatch(/unsafe|^\*$|^https?:$|^data:$/);
    // Inline <style> elements are still allowed (the pages ship their CSS that way); nothing else inline.
    expect(["'self'", "'self' 'unsafe-inline'"]).toContain(csp.get('style-src'));
    expect(csp.get('connect-src')?.split(' ')[0]).toBe("'self'");
  });

  it('sends nosniff, a referrer policy at least as strict as strict-origin-when-cross-origin, and no HSTS over plain HTTP', () => {
    expect(byName.get('x-content-type-options')).toBe('nosniff');
    expect(['strict-origin-when-cross-origin', 'same-origin', 'strict-origin', 'no-referrer']).toContain(byName.get('referrer-policy'));
    // HSTS belongs to whatever ends TLS (Kong's TLS listener, the ingress); the dev gateway speaks plain HTTP.
    expect(byName.has('strict-transport-security')).toBe(false);
  });

  it('is the plugin the dev gateway reads (same names and values)', () => {
    const config = parseKongConfig(kongText);
    const plugin = config.globalPlugins.find((candidate: { name: string }) => candidate.name === 'response-transformer');
    expect(responseHeadersToAdd(plugin)).toEqual(kongHeaders);
  });

  it('is not replaced by a service-level response-transformer (every route gets the global set)', () => {
    for (const service of parseKongConfig(kongText).services) {
      const own = service.plugins.filter((plugin: { name: string; scope: string }) => plugin.name === 'response-transformer' && plugin.scope === 'service');
      expect(own, service.name).toEqual([]);
    }
  });
});

describe('docker/nginx sends the same set as Kong', () => {
  const files: string[] = confFiles(path.join(repoRoot, 'docker/nginx'));

  it('has confs to check', () => {
    expect(files.map((file) => path.basename(file)).sort()).toEqual(expect.arrayContaining(['remote.conf', 'shell.conf']));
  });

  it.each(files.map((file) => [path.basename(file), file]))('%s is in step with kong.yml (run node docker/nginx/sync-security-headers.mjs)', (_name, file) => {
    const conf = fs.readFileSync(file, 'utf8');
    expect(fillBlocks(conf, nginxLines(kongHeaders))).toBe(conf);
  });

  it.each(files.map((file) => [path.basename(file), file]))('%s: every block that adds headers adds all of them with the same values', (_name, file) => {
    const blocks = addHeaderBlocks(fs.readFileSync(file, 'utf8'));
    expect(blocks.size).toBeGreaterThan(0);
    for (const [label, headers] of blocks) {
      for (const [name, value] of kongHeaders) expect(headers.get(name.toLowerCase()), `${label}: ${name}`).toBe(value);
    }
  });
});
