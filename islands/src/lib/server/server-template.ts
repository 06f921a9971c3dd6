/**
 * What an island declares as `export const serverTemplate` (see `serverTemplates` in
 * build.mjs): the props its server markup holds only as text, so that the server may render it
 * once with stand-ins and fill each card's values in. `id`: a positive whole number, shown as
 * its digits (not formatted, not added to); `text`: a non-empty string, shown escaped as it is
 * (not trimmed, cased or cut, and never as the start of a URL). Only whether such a prop is
 * there and of its kind may change what is rendered (a `service` or a `job`): a value of
 * another kind is rendered as it is. The server checks the first card of each shape against
 * React and renders every card itself if they differ.
 */
export type ServerTemplate = Readonly<Record<string, 'id' | 'text'>>;
