import { endpointRefusal, guardedLookup, isPublicAddress } from './push-endpoint-policy.js';

const strict = { allowLocal: false };
const local = { allowLocal: true };

describe('isPublicAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['142.250.74.10', true],
    ['2607:f8b0:4004:c07::5f', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.20.0.5', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fd00::1', false],
    ['fe80::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:8.8.8.8', false],
    ['64:ff9b::a00:1', false],
    ['not an address', false],
  ])('%s: %s', (address, expected) => expect(isPublicAddress(address)).toBe(expected));
});

describe('endpointRefusal', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', null],
    ['https://updates.push.services.mozilla.com/wpush/v2/abc', null],
    ['https://web.push.apple.com/QAbc', null],
    ['https://8.8.8.8/push', null],
    ['http://fcm.googleapis.com/fcm/send/abc', 'not https'],
    ['http://127.0.0.1:8090/notify/abc', 'not https'],
    ['https://127.0.0.1/notify', 'a private or reserved address'],
    ['https://10.0.0.7/notify', 'a private or reserved address'],
    ['https://169.254.169.254/latest/meta-data', 'a private or reserved address'],
    ['https://[::1]/notify', 'a private or reserved address'],
    ['https://[::ffff:10.0.0.1]/notify', 'a private or reserved address'],
    ['https://localhost/notify', 'a local host name'],
    ['https://push.localhost/notify', 'a local host name'],
    ['https://redis.internal/notify', 'a local host name'],
    ['https://postgres/notify', 'a local host name'],
    ['https://user:pw@fcm.googleapis.com/x', 'credentials in the URL'],
    ['ftp://fcm.googleapis.com/x', 'not https'],
    ['nonsense', 'not a URL'],
  ])('%s: %s', (endpoint, refusal) => expect(endpointRefusal(endpoint, strict)).toBe(refusal));

  it('lets tests and local runs use http://127.0.0.1 and nothing else private', () => {
    expect(endpointRefusal('http://127.0.0.1:8090/notify/abc', local)).toBeNull();
    expect(endpointRefusal('https://127.0.0.1:8090/notify/abc', local)).toBeNull();
    expect(endpointRefusal('http://localhost:8090/notify/abc', local)).toBe('not https');
    expect(endpointRefusal('http://10.0.0.7/notify', local)).toBe('not https');
    expect(endpointRefusal('https://10.0.0.7/notify', local)).toBe('a private or reserved address');
  });
});

describe('guardedLookup', () => {
  const resolve = (policy: typeof strict, host: string, all: boolean) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((settle) =>
      guardedLookup(policy)(host, { all } as never, (error, address) => settle({ error, address })),
    );

  it('refuses a name that resolves to a private address, on every connection', async () => {
    for (const all of [false, true]) {
      const answer = await resolve(strict, 'localhost', all);
      expect(answer.error?.code).toBe('EPUSHADDRESS');
      expect(answer.error?.message).not.toContain('localhost');
    }
  });

  it('lets the local test push service through only when allowed', async () => {
    const answer = await resolve(local, '127.0.0.1', false);
    expect(answer.error).toBeNull();
    expect(answer.address).toBe('127.0.0.1');
    expect((await resolve(local, '127.0.0.1', true)).address).toEqual([{ address: '127.0.0.1', family: 4 }]);
  });
});
