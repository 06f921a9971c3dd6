// Records of the jobs API as the server answers them, for the job tracking tests (imported by
// tests only).
import type { JobApplicationView, JobView } from './types.ts';

export const jobPost = (id: number, title: string, extra: Partial<JobView> = {}): JobView => ({
  id,
  slug: `job-${id}`,
  title,
  company: 'Pennine Care Partners',
  location: 'Leeds',
  employment_type: 'part_time',
  salary_min: '12.50',
  salary_max: null,
  salary_period: 'hour',
  description: 'Three nights a week.',
  status: 'Open',
  posted_at: '2030-01-02',
  closes_at: '2030-01-31',
  attachment: null,
  is_owner: true,
  application_count: 0,
  ...extra,
});

export const jobApplication = (id: number, extra: Partial<JobApplicationView> = {}): JobApplicationView => ({
  id,
  job: { id: 3, title: 'Care assistant', company: 'Pennine Care Partners', status: 'Open' },
  full_name: 'Anna Smith',
  email: 'anna@example.co.uk',
  phone_number: '07700 900123',
  cover_letter: 'Five years in home care.',
  resume: `https://files.example/cv-${id}.pdf?signature=abc`,
  status: 'Submitted',
  created_at: '2030-01-05T23:30:00Z',
  updated_at: null,
  ...extra,
});
