/** Something the schedule asks the server for: loading, failed, or there. */
export type Load<T> = { readonly state: 'loading' } | { readonly state: 'failed' } | { readonly state: 'ready'; readonly value: T };
