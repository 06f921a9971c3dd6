// The API client: import from here, not from the files behind it.
export { configureApiAuth, type ApiAuthHooks } from './auth-hooks.ts';
export { apiRequest, type ApiRequestOptions } from './client.ts';
export { apiBaseUrl, apiUrl } from './config.ts';
export { detailOf, firstErrorOf, firstFieldError, messageOf } from './error-fields.ts';
export { ApiError, errorBodyOf, type ApiErrorBody } from './errors.ts';
export type { ActionResult } from './result.ts';
export { apiUpload, type ApiUploadOptions } from './upload.ts';
