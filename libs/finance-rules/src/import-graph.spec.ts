// The library's modules form a graph without cycles, type-only imports included, so each module can
// be read (and loaded) after the ones it names. dashboard-types.ts holds the aggregate's shapes for
// that reason, and names nothing at run time.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const SOURCE_DIR = new URL('./', import.meta.url);
const RELATIVE_SPECIFIER = /\b(?:import|export)\b[^'";]*?\bfrom\s+'(\.\/[^']+)\.js'/g;

const modules = readdirSync(SOURCE_DIR).filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'));
const source = (file: string) => readFileSync(new URL(file, SOURCE_DIR), 'utf8');
const importsOf = (file: string) => [...source(file).matchAll(RELATIVE_SPECIFIER)].map((m) => `${m[1]!.slice(2)}.ts`);

/** Every cycle found by a depth-first walk, each as the chain of files that closes it. */
function cycles(): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const walk = (file: string, path: string[]) => {
    const start = path.indexOf(file);
    if (start >= 0) return void found.push([...path.slice(start), file]);
    if (done.has(file)) return;
    for (const next of importsOf(file)) walk(next, [...path, file]);
    done.add(file);
  };
  for (const file of modules) walk(file, []);
  return found;
}

describe('module graph', () => {
  it('reads the imports it checks', () => {
    expect(modules).toContain('dashboard.ts');
    expect(importsOf('dashboard.ts')).toEqual(expect.arrayContaining(['dashboard-types.ts', 'recurrence.ts', 'windows.ts']));
    for (const file of modules) for (const target of importsOf(file)) expect(modules).toContain(target);
  });

  it('has no import cycle', () => {
    expect(cycles()).toEqual([]);
  });

  it('keeps the dashboard shapes free of runtime imports', () => {
    const lines = source('dashboard-types.ts').split('\n').filter((line) => /^\s*(import|export)\b.*\bfrom\b/.test(line));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => !/^import type /.test(line))).toEqual([]);
  });
});
