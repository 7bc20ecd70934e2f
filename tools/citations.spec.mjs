// Every reference a reader meets must resolve inside the repository: a comment (or a Markdown page) that points at
// a document a clone does not have, or at a tracker issue or review finding nobody can open, fails here. Product
// rules are cited as `docs/product/<file>.md §N`, the rest by the doc in docs/ that holds it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './lib/paths.mjs';

/** What cites outside the repository; plain string alternatives, linear in the text. */
const OUTSIDE = /\.\.\/shared\/|\bspec part [12]\b|\bDESIGN(?:\.md)? §|\bCONVENTIONS(?:\.md)? §|\bSTACK\.md\b|\b[Ii]ssue \d+|\b(?:[Ss]ecurity )?[Rr]eview (?:High |Medium |Low )?(?:item |finding )?\d+|\bthe spec\b(?! files?\b)|\bspec's\b/;

const SOURCE = /\.(?:[cm]?[jt]sx?|css|md|ya?ml|conf|sh|acl)$|(?:^|\/)(?:Dockerfile|[\w.-]+\.Dockerfile|run)$/;

/** Tracked files that people read: sources, configs, docs (the lockfile and recorded results are data). */
function trackedSources() {
  const files = execFileSync('git', ['ls-files'], { cwd: REPO_ROOT, encoding: 'utf8' }).split('\n');
  return files.filter((file) => file && SOURCE.test(file) && !file.startsWith('tests/load/results/') && existsSync(join(REPO_ROOT, file)));
}

/**
 * The comment text of one line of code: a whole-line comment, a trailing `//` or `/*` comment, or the title of a
 * test (`describe('…')`, `it('…')`). Strings elsewhere are data and may say anything.
 */
function commentOf(line, hashComments) {
  const trimmed = line.trimStart();
  if (hashComments) return trimmed.startsWith('#') ? trimmed : line.includes(' #') ? line.slice(line.indexOf(' #')) : '';
  if (/^(?:\/\/|\*|\/\*|\{\/\*)/.test(trimmed)) return trimmed;
  if (/^(?:test\.)?(?:describe|it|test)(?:\.\w+)*\(/.test(trimmed)) return trimmed;
  const at = line.search(/\s\/\/\s|\s\/\*/);
  return at >= 0 ? line.slice(at) : '';
}

export function outsideCitations(path, text) {
  const hashComments = /\.(?:ya?ml|conf|sh|acl)$|Dockerfile$|(?:^|\/)run$/.test(path);
  const lines = text.split('\n');
  const found = [];
  lines.forEach((line, index) => {
    const checked = path.endsWith('.md') ? line : commentOf(line, hashComments);
    if (checked && OUTSIDE.test(checked)) found.push(`${path}:${index + 1}: ${line.trim().slice(0, 140)}`);
  });
  return found;
}

describe('citations', () => {
  it('finds a citation of a document outside the repository, and leaves code and plain words alone', () => {
    // The fixtures are joined from parts (`cite`), so no line of this file reads as a citation itself.
    const cite = (...parts) => parts.join(' ');
    expect(outsideCitations('a.ts', `// ${cite('spec', 'part 2 §5')}: floor 50`)).toHaveLength(1);
    const trackerItem = cite(['is', 'sue'].join(''), '12', ['find', 'ing'].join(''), '3');
    expect(outsideCitations('a.ts', `const x = 1; ${'//'} see ${trackerItem}`)).toHaveLength(1);
    expect(outsideCitations('a.ts', `describe('tips (${cite('spec', 'part 2 §5')})', () => {`)).toHaveLength(1);
    expect(outsideCitations('a.yaml', `# ${cite('DESIGN', '§4')}: the first admin`)).toHaveLength(1);
    expect(outsideCitations('a.md', `Read ../${'shared'}/DESIGN.md first.`)).toHaveLength(1);
    expect(outsideCitations('a.ts', '// docs/product/signed-in.md §5: floor 50')).toEqual([]);
    expect(outsideCitations('a.ts', `const text = '${cite('issue', '12')}';`)).toEqual([]);
    expect(outsideCitations('a.ts', '// Small builders for the spec files')).toEqual([]);
  });

  it('no comment, test title or document in the repository cites one', () => {
    const found = trackedSources().flatMap((file) => outsideCitations(file, readFileSync(join(REPO_ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });
});
