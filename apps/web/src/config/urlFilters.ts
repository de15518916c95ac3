/**
 * A screen's URL filters: the query-string parameters its page reads (lib/useListParams) and its
 * links write (a screen's `href`), each with its default. A value equal to its default stays out of
 * the URL, so `/ute-list` and `/ute-list?page=1` never both exist.
 */
export type FilterDefaults = Readonly<Record<string, string | number>>;

/** The values of those filters as a page holds them: a number default makes a number (the page), any other a string. */
export type FilterValues<F extends FilterDefaults> = { -readonly [K in keyof F]: ValueOf<F[K]> };
type ValueOf<Default> = Default extends number ? number : string;

/** The `:name` segments of a path: `'/users/:id'` gives `'id'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** What a screen's `href` takes: its path's params (required) and any of its filters. */
export type HrefParams<P extends string, F extends FilterDefaults> = { [K in PathParamNames<P>]: string } & Partial<FilterValues<F>>;

/** Optional when nothing in them is required: `screens.faq.href()`, `screens.user.href({ id })`. */
export type HrefArgs<P extends string, F extends FilterDefaults> = object extends HrefParams<P, F> ? [params?: HrefParams<P, F>] : [params: HrefParams<P, F>];

/**
 * The address of `path` with `params`: the `:name` segments filled in, then the filters in the order
 * given, without those empty or equal to their default. A name that is neither throws: the page
 * would never read it. Values are escaped with encodeURIComponent.
 */
export function buildHref(path: string, filters: FilterDefaults, params: Readonly<Record<string, string | number | undefined>> = {}): string {
  const pathParams: string[] = [];
  const pathname = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`${path} needs :${name}`);
    pathParams.push(name);
    return encodeURIComponent(String(value));
  });
  const query = Object.entries(params)
    .filter(([name]) => {
      if (name in filters) return true;
      if (pathParams.includes(name)) return false;
      throw new Error(`${path} has no filter "${name}"`);
    })
    .filter(([name, value]) => value !== undefined && value !== '' && value !== filters[name])
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The filters' values read from a query string (buildHref's inverse): a missing value is its default, a
 * number filter (the page) takes a whole number of at least 1 or its default.
 */
export function filterValuesOf<F extends FilterDefaults>(filters: F, searchParams: URLSearchParams): FilterValues<F> {
  const result: Record<string, string | number> = {};
  for (const [key, fallback] of Object.entries(filters)) {
    const raw = searchParams.get(key);
    if (typeof fallback === 'number') {
      const parsed = raw === null ? NaN : Number.parseInt(raw, 10);
      result[key] = Number.isFinite(parsed) && parsed >= 1 ? parsed : fallback;
    } else {
      result[key] = raw ?? fallback;
    }
  }
  return result as FilterValues<F>;
}
