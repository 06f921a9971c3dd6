/** What every store action returns (spec section 7). */
export type ActionResult<Data> =
  | { readonly success: true; readonly data: Data }
  | { readonly success: false; readonly error: unknown };
