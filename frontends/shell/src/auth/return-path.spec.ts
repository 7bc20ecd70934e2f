import { describe, expect, it } from 'vitest';
import { pathWithReturn, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it.each([
    ['/household/accept?token=abc', '/household/accept?token=abc'],
    ['/connected-accounts?tab=accounts#item-2', '/connected-accounts?tab=accounts#item-2'],
    ['/profile', '/profile'],
    [null, '/dashboard'],
    ['', '/dashboard'],
    ['profile', '/dashboard'],
    ['//evil.example/x', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['/\t/evil.example', '/dashboard'],
    ['/\n/evil.example', '/dashboard'],
    ['https://evil.example', '/dashboard'],
    ['javascript:alert(1)', '/dashboard'],
    ['/login?next=/profile', '/dashboard'],
    ['/register', '/dashboard'],
  ])('next=%j → %j', (next, expected) => expect(safeReturnPath(next, '/dashboard')).toBe(expected));
});

describe('pathWithReturn', () => {
  it('carries the page asked for, query and fragment included, encoded', () => {
    expect(pathWithReturn('/admin-login', { pathname: '/settings', search: '?tab=2fa', hash: '' })).toBe('/admin-login?next=%2Fsettings%3Ftab%3D2fa');
  });
  it('adds nothing for a path that would not be followed', () => {
    expect(pathWithReturn('/login', { pathname: '//evil.example', search: '', hash: '' })).toBe('/login');
  });
});
