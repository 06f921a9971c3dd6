import { describe, expect, it } from 'vitest';
import type { User } from '../store/index.ts';
import { missingItems, profileCompletion } from './profile-completion.ts';

const EMPTY: User = {
  id: 1,
  full_name: '',
  email: '',
  phone_number: null,
  address_line_1: null,
  postcode: null,
  city: null,
  country: null,
  profile_picture: null,
  resume: null,
  passport: null,
  utility_bill: null,
  date_of_birth: null,
  other_documents: null,
  is_verified: false,
  certificates: [],
};

const FULL: User = {
  ...EMPTY,
  full_name: 'Anna Smith',
  email: 'anna@example.co.uk',
  phone_number: '07700900123',
  address_line_1: '1 High Street',
  postcode: 'SW1A 1AA',
  city: 'London',
  country: 'United Kingdom',
  profile_picture: 'https://cdn.example/p.jpg',
  resume: 'https://cdn.example/cv.pdf?sig=1',
  passport: 'https://cdn.example/pp.pdf?sig=1',
  utility_bill: 'https://cdn.example/bill.pdf?sig=1',
  date_of_birth: '1990-05-01',
  other_documents: 'https://cdn.example/o.pdf?sig=1',
  is_verified: true,
};

describe('profile completion', () => {
  it('counts each of the 14 items of a profile once, and nothing else', () => {
    const items = (Object.keys(FULL) as (keyof User)[]).filter((field) => field !== 'id' && field !== 'certificates');
    expect(items).toHaveLength(14);
    for (const item of items) {
      const one = { ...EMPTY, [item]: FULL[item] };
      expect(profileCompletion(one), item).toBe(7);
      expect(missingItems(one), item).not.toContain(item);
      expect(missingItems(one), item).toHaveLength(13);
    }
    expect(profileCompletion({ ...EMPTY, id: 99, certificates: FULL.certificates })).toBe(0);
  });

  it('is 0 for an empty profile (and without one)', () => {
    expect(profileCompletion(EMPTY)).toBe(0);
    expect(profileCompletion(null)).toBe(0);
    expect(missingItems(EMPTY)).toHaveLength(14);
  });

  it('is the rounded share of filled items', () => {
    // 3 of 14 = 21.43 → 21
    expect(profileCompletion({ ...EMPTY, full_name: 'Anna', email: 'a@b.co', is_verified: true })).toBe(21);
    // 1 of 14 = 7.14 → 7; blank text does not count, nor certificates
    expect(profileCompletion({ ...EMPTY, email: 'a@b.co', city: '   ', certificates: [{ id: 1, name: 'x', file: 'u', uploaded_at: '' }] })).toBe(7);
    // 7 of 14 = 50; 9 of 14 = 64.29 → 64; 13 of 14 = 92.86 → 93
    expect(profileCompletion({ ...FULL, profile_picture: null, resume: null, passport: null, utility_bill: null, date_of_birth: null, other_documents: null, is_verified: false })).toBe(50);
    expect(profileCompletion({ ...FULL, resume: null, passport: null, utility_bill: null, other_documents: null, is_verified: false })).toBe(64);
    expect(profileCompletion({ ...FULL, is_verified: false })).toBe(93);
    expect(missingItems({ ...FULL, is_verified: false })).toEqual(['is_verified']);
  });

  it('is 100 with all 14', () => {
    expect(profileCompletion(FULL)).toBe(100);
    expect(missingItems(FULL)).toEqual([]);
  });
});
