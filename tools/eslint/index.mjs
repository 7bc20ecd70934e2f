// Local ESLint plugin of this repository, used by the root eslint.config.js as `payday/*`.
import { moduleBoundariesRule } from './module-boundaries.rule.mjs';

export const paydayPlugin = {
  meta: { name: 'eslint-plugin-payday' },
  rules: { 'module-boundaries': moduleBoundariesRule },
};
