import { describe, expect, it } from 'vitest';
import { describeNxRun, nxEnv, runManyArgs, summarizeNxOutput } from './nx.mjs';

const PASSED = `
 NX   Successfully ran target build for 9 projects

Nx read the output from the cache instead of running the command for 7 out of 9 tasks.

  Run duration:      4.1s
  Cache:             7/9 hit (78%)
  Critical path:     3.9s (3 tasks)
`;

const FAILED = `
 \x1b[1mNX\x1b[22m   Running target build for 9 projects failed

Tasks not run because their dependencies failed, --nx-bail=true, or their batch ended before reaching them:

- public-site:build
- finance:build

Failed tasks:

- finance-rules:build
- nest-kit:build

  Run duration:      19.7s
  Cache:             0/2 hit (0%)
`;

describe('nx runs', () => {
  it('reads how many tasks came from the cache', () => {
    expect(summarizeNxOutput(PASSED)).toEqual({ cached: 7, total: 9, failed: [], failedTests: [] });
    expect(describeNxRun(summarizeNxOutput(PASSED))).toBe('7/9 from cache');
  });

  it('names the failed tasks, not the ones that never ran', () => {
    expect(summarizeNxOutput(FAILED).failed).toEqual(['finance-rules:build', 'nest-kit:build']);
    expect(describeNxRun(summarizeNxOutput(FAILED))).toBe('failed: finance-rules:build, nest-kit:build');
  });

  it('names the failing tests as Jest and Vitest print them behind the project prefix, colours and all', () => {
    const output = [
      'waitlist: \x1b[0m\x1b[7m\x1b[1m\x1b[31m FAIL \x1b[39m\x1b[22m\x1b[27m\x1b[0m \x1b[2msrc/\x1b[22m\x1b[1mjoin.spec.ts\x1b[22m',
      'waitlist: \x1b[1m\x1b[31m  \x1b[1m● \x1b[22m\x1b[1mjoining › refuses a second join\x1b[39m\x1b[22m',
      'waitlist:   ● Console',
      'tools: \x1b[41m\x1b[1m FAIL \x1b[22m\x1b[49m lib/nx.spec.mjs\x1b[2m > \x1b[22mnx runs\x1b[2m > \x1b[22mreads the cache',
      'tools: \x1b[31m     \x1b[31m×\x1b[31m reads the cache\x1b[39m',
      'auth: PASS test/auth.int-spec.ts',
    ].join('\n');
    expect(summarizeNxOutput(output).failedTests).toEqual([
      'waitlist: src/join.spec.ts',
      'waitlist: joining › refuses a second join',
      'tools: lib/nx.spec.mjs > nx runs > reads the cache',
    ]);
  });

  it('says nothing when Nx printed no summary', () => {
    expect(describeNxRun(summarizeNxOutput('Skipped (--skip-nx-cache)'))).toBe('');
  });

  it('builds run-many arguments and the environment without Nx Cloud, daemon or terminal UI', () => {
    expect(runManyArgs(['lint', 'test'])).toEqual(['run-many', '-t', 'lint', 'test', '--outputStyle=stream']);
    expect(runManyArgs(['build'], { projects: ['auth'], force: true })).toEqual([
      'run-many',
      '-t',
      'build',
      '--outputStyle=stream',
      '-p',
      'auth',
      '--skipNxCache',
    ]);
    expect(nxEnv({ PATH: '/bin' })).toEqual({
      PATH: '/bin',
      NX_NO_CLOUD: 'true',
      NX_DAEMON: 'false',
      NX_TUI: 'false',
    });
  });
});
