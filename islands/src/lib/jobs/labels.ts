// The API's job words with the site's words for them (the pages write "Full-time" too:
// app/src/format.rs EMPLOYMENT_TYPES).
import type { EmploymentType, SalaryPeriod } from './types.ts';

export const EMPLOYMENT_TYPES: readonly (readonly [EmploymentType, string])[] = [
  ['full_time', 'Full-time'],
  ['part_time', 'Part-time'],
  ['contract', 'Contract'],
  ['temporary', 'Temporary'],
];

export const SALARY_PERIODS: readonly (readonly [SalaryPeriod, string])[] = [
  ['year', 'A year'],
  ['hour', 'An hour'],
];
