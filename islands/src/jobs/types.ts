// The jobs API's answers and bodies that the job forms use, as /work/notes/jobs-api.md states
// them, under the names the server gives them. Local until openapi.json carries them: then
// `ApiSchemas['JobView']` etc. from ../api/types.ts take their place and this file goes.

export type EmploymentType = 'full_time' | 'part_time' | 'contract' | 'temporary';
export type SalaryPeriod = 'year' | 'hour';

/** `POST /api/service/jobs/` answers the job it created. */
export interface JobView {
  readonly id: number;
  readonly slug: string;
  readonly title: string;
  readonly company: string;
  readonly location: string;
  readonly employment_type: EmploymentType;
  /** Pounds as a decimal string, `"24000.00"`. */
  readonly salary_min: string | null;
  readonly salary_max: string | null;
  readonly salary_period: SalaryPeriod;
  readonly description: string;
  readonly status: 'Open' | 'Closed';
  /** `YYYY-MM-DD`. */
  readonly posted_at: string;
  readonly closes_at: string | null;
  /** An absolute, public URL. */
  readonly attachment: string | null;
  readonly is_owner: boolean;
  readonly application_count: number | null;
}

/** `POST /api/job-apply/` answers the application it created. */
export interface JobApplicationView {
  readonly id: number;
  readonly job: { readonly id: number; readonly title: string; readonly company: string; readonly status: 'Open' | 'Closed' };
  readonly full_name: string;
  readonly email: string;
  readonly phone_number: string;
  readonly cover_letter: string;
  /** A signed link that works for 15 minutes. */
  readonly resume: string;
  readonly status: 'Submitted' | 'Reviewed' | 'Shortlisted' | 'Rejected';
  readonly created_at: string;
  readonly updated_at: string | null;
}

/** The JSON body of `POST /api/send-recruitment/`. */
export interface RecruitmentBody {
  readonly company_name: string;
  readonly contact_name: string;
  readonly email: string;
  readonly phone_number: string;
  readonly role: string;
  /** 1 or more. */
  readonly number_of_staff: number;
  readonly location: string;
  /** `YYYY-MM-DD`, today or later. */
  readonly start_date: string;
  readonly details: string;
}

/** What `POST /api/send-recruitment/` answers (201). */
export interface RecruitmentSent {
  readonly id: number;
  readonly message: string;
}

/** What `POST /api/job-seekers/` answers (201): `message` says whether a confirmation email went out. */
export interface JobSeekerRegistered {
  readonly id: number;
  readonly message: string;
}
