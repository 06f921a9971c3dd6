import { describe, expect, it, vi } from 'vitest';
import { navigate } from './navigate.ts';
import { destinationAfterLogin, sameSitePath } from './after-login.ts';
import { loginUrlReturningTo } from './redirect.ts';

const ORIGIN = 'https://www.example.co.uk';
const at = (search: string, hash = '') => ({ search, hash, origin: ORIGIN });

describe('sameSitePath', () => {
  it('takes a path starting with one slash, with its query and hash', () => {
    expect(sameSitePath('/user/bookings?page=2#latest', ORIGIN)).toBe('/user/bookings?page=2#latest');
    expect(sameSitePath('/', ORIGIN)).toBe('/');
  });

  it.each([
    ['//evil.com'],
    ['//evil.com/user/profile'],
    ['/\\evil.com'],
    ['/\t/evil.com'],
    ['https://evil.com/'],
    ['http://www.example.co.uk/jobs'],
    ['javascript:alert(1)'],
    ['user/profile'],
    [''],
    [null],
  ])('refuses %j', (value) => {
    expect(sameSitePath(value, ORIGIN)).toBeNull();
  });
});

describe('destinationAfterLogin', () => {
  it('goes to the redirect path, keeping its hash', () => {
    expect(destinationAfterLogin(at(`?redirect=${encodeURIComponent('/jobs?status=Open#job-7')}`))).toBe('/jobs?status=Open#job-7');
  });

  it('takes the hash an unencoded redirect left on the login URL', () => {
    expect(destinationAfterLogin(at('?redirect=/services/details?id=3', '#reviews'))).toBe('/services/details?id=3#reviews');
  });

  it('goes to /user/profile without a redirect, or with one that leaves the site', () => {
    expect(destinationAfterLogin(at(''))).toBe('/user/profile');
    expect(destinationAfterLogin(at('?redirect=//evil.com'))).toBe('/user/profile');
    expect(destinationAfterLogin(at(`?redirect=${encodeURIComponent('//evil.com/#x')}`))).toBe('/user/profile');
    expect(destinationAfterLogin(at(`?redirect=${encodeURIComponent('https://evil.com/user/profile')}`))).toBe('/user/profile');
    expect(destinationAfterLogin(at('?redirect=https://evil.com'))).toBe('/user/profile');
  });
});

describe('loginUrlReturningTo', () => {
  it('encodes path, query and hash into redirect', () => {
    expect(loginUrlReturningTo({ pathname: '/user/bookings', search: '?page=2', hash: '#x' })).toBe(
      '/user/login?redirect=%2Fuser%2Fbookings%3Fpage%3D2%23x',
    );
  });
});

describe('navigate', () => {
  it('loads the page with location.assign', () => {
    const assign = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, assign } });
    try {
      navigate('/user/login');
      expect(assign).toHaveBeenCalledWith('/user/login');
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });
});
