// The API's bodies and answers as the server's OpenAPI document states them: schema.d.ts is
// what openapi-typescript makes of openapi.json (`npm run api-types`), so a change to the
// document that the islands do not follow fails the typecheck.
import type { components } from './schema.d.ts';

export type ApiSchemas = components['schemas'];

/**
 * A JSON request body as the islands send it. The document marks the account bodies' fields
 * nullable (the server answers a missing one with a field error), but the forms always send text.
 */
export type JsonBody<Name extends keyof ApiSchemas> = {
  readonly [Field in keyof ApiSchemas[Name]]: NonNullable<ApiSchemas[Name][Field]>;
};

/**
 * What `GET` and `PATCH /api/auth/profile/` answer. The document marks the nullable fields
 * optional, but the server always sends them (null when empty).
 */
export type ProfileAnswer = Required<ApiSchemas['UserView']>;
