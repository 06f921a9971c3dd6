// The jobs side's API paths (api-contract: Marketplace; tracking, job seekers and the contact
// form's message, the other public form that posts JSON, are ours).

const id = (value: number): string => encodeURIComponent(String(value));

export const JOB_PATHS = {
  jobs: '/api/service/jobs/',
  job: (jobId: number) => `/api/service/jobs/${id(jobId)}/`,
  jobApplications: (jobId: number) => `/api/service/jobs/${id(jobId)}/applications/`,
  apply: '/api/job-apply/',
  applications: '/api/service/applications/',
  application: (applicationId: number) => `/api/service/applications/${id(applicationId)}/`,
  recruitment: '/api/send-recruitment/',
  jobSeekers: '/api/job-seekers/',
  contact: '/api/contact/',
} as const;
