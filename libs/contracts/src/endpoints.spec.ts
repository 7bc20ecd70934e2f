import { describe, expect, expectTypeOf, it } from 'vitest';
import { fieldErrors } from './errors.js';
import { TimelineQuerySchema } from './dashboard.js';
import {
  ENDPOINT_TABLES,
  FINANCE_ENDPOINTS,
  MFA_ENDPOINTS,
  type EndpointRequest,
  type EndpointResponse,
} from './endpoints.js';
import { SERVICE_ROUTES } from './routes.js';

const tables = ENDPOINT_TABLES;

describe('endpoint tables', () => {
  const rows = Object.entries(tables).flatMap(([table, { service, endpoints }]) =>
    Object.entries(endpoints).map(([name, e]) => [`${table}.${name}`, service, `${e.method} ${e.path}`] as const),
  );

  it.each(rows)('%s is a documented route of %s (%s), so the gateway routes it', (_name, service, route) => {
    expect(SERVICE_ROUTES[service] as readonly string[]).toContain(route);
  });

  it('types requests and answers from the schemas', () => {
    expectTypeOf<EndpointRequest<typeof FINANCE_ENDPOINTS.updateBill>>().toHaveProperty('params').toEqualTypeOf<Record<'id', string>>();
    expectTypeOf<EndpointRequest<typeof FINANCE_ENDPOINTS.createBill>['body']['amount']>().toEqualTypeOf<number>();
    expectTypeOf<EndpointResponse<typeof FINANCE_ENDPOINTS.dashboard>['summary']['monthlyIncomeCents']>().toEqualTypeOf<number>();
    expectTypeOf<EndpointResponse<typeof FINANCE_ENDPOINTS.deleteBill>>().toEqualTypeOf<void>();
    expectTypeOf<EndpointResponse<typeof MFA_ENDPOINTS.backupCodes>>().toEqualTypeOf<{ codes: string[] }>();
  });
});

describe('TimelineQuerySchema', () => {
  it('takes an inclusive range of at most 100 days', () => {
    expect(TimelineQuerySchema.parse({ from: '2026-03-01', to: '2026-05-31' })).toEqual({ from: '2026-03-01', to: '2026-05-31' });
    expect(fieldErrors(TimelineQuerySchema.safeParse({ from: '2026-03-02', to: '2026-03-01' }).error!)).toEqual({ to: 'to must be on or after from' });
    expect(fieldErrors(TimelineQuerySchema.safeParse({ from: '2026-01-01', to: '2026-04-11' }).error!)).toEqual({ to: 'A timeline covers at most 100 days' });
  });

  it('names a missing or impossible date', () => {
    expect(fieldErrors(TimelineQuerySchema.safeParse({ to: '2026-02-30' }).error!)).toEqual({
      from: 'from is required in YYYY-MM-DD format',
      to: 'to must be a real date in YYYY-MM-DD format',
    });
  });
});
