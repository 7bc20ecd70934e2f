// Transitional: the clock is nest-kit's now (`CLOCK`, `Clock`); this re-export goes once nothing imports it.
export { CLOCK, type Clock } from '@payday/nest-kit';
