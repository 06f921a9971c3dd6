/**
 * What an island declares as `export const serverTemplate` (see `serverTemplates` in
 * build.mjs): the props its server markup holds only as text, so that the server may render it
 * once with stand-ins and fill each card's values in. `id`: a positive whole number, shown as
 * its digits; `text`: a non-empty string, shown escaped. A prop that decides what is rendered
 * (which form, which words) must not be listed.
 */
export type ServerTemplate = Readonly<Record<string, 'id' | 'text'>>;
