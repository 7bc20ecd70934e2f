import { describe, expect, it } from 'vitest';
import { TEST_STEPS, selectSteps } from './cli-args.mjs';

describe('selectSteps', () => {
  it('runs every step without arguments', () => {
    expect(selectSteps([])).toEqual(TEST_STEPS);
  });

  it('runs bootstrap plus the named steps for --only', () => {
    expect(selectSteps(['--only=unit,e2e'])).toEqual(['bootstrap', 'unit', 'e2e']);
  });

  it('leaves out the named steps for --skip', () => {
    expect(selectSteps(['--skip=lint,embedded'])).not.toContain('lint');
    expect(selectSteps(['--skip=lint,embedded'])).toContain('typecheck');
  });

  it('rejects an unknown step or option', () => {
    expect(() => selectSteps(['--only=unti'])).toThrow(/Unknown test step "unti"/);
    expect(() => selectSteps(['--fast'])).toThrow(/Unknown option/);
  });
});
