export const TEST_STEPS = ['bootstrap', 'build', 'lint', 'typecheck', 'unit', 'integration', 'root', 'e2e', 'reliability', 'embedded'];

/**
 * `npm test -- --only=unit,e2e --skip=lint` → which steps to run. bootstrap always runs (every later
 * step needs its database and Redis); unknown names are an error so a typo does not silently run nothing.
 */
export function selectSteps(argv, allSteps = TEST_STEPS) {
  let only = null;
  const skip = new Set();
  for (const arg of argv) {
    const [flag, value = ''] = arg.split('=');
    const names = value.split(',').map((name) => name.trim()).filter(Boolean);
    for (const name of names) {
      if (!allSteps.includes(name)) throw new Error(`Unknown test step "${name}". Steps: ${allSteps.join(', ')}`);
    }
    if (flag === '--only') only = new Set(names);
    else if (flag === '--skip') names.forEach((name) => skip.add(name));
    else throw new Error(`Unknown option "${arg}". Use --only=step,step or --skip=step,step`);
  }
  return allSteps.filter((step) => step === 'bootstrap' || ((!only || only.has(step)) && !skip.has(step)));
}
