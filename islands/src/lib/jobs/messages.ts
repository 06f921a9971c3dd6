// The alerts of the jobs side: the spec's texts (section 8) word for word. Deleting an
// application (a job's or a provider's) uses MEMBER_ALERTS, shared with the services side.

export const JOB_ALERTS = {
  applicationSubmitted: 'Job application submitted successfully',
  applyFailed: 'Failed to apply job',
  jobPostDeleted: 'Job Post deleted successfully',
  postFailed: 'Failed to post job',
  recruitmentSent: 'Recruitment sent successfully',
  recruitmentFailed: 'Failed to send-recruitment',
} as const;
