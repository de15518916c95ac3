import { API_ROUTES, type ApiRoutes, type PathParamList, type RouteName } from './routes';

/** Every admin call's path under API_BASE, as docs/design.md's contract names them. */
export const API_BASE = '/api/admin';

/** Every route name mapped to `valueOf(name)`, in the route table's order. */
export function mapRoutes<Value>(valueOf: (name: RouteName) => Value): Record<RouteName, Value> {
  return Object.fromEntries((Object.keys(API_ROUTES) as RouteName[]).map((name) => [name, valueOf(name)])) as Record<RouteName, Value>;
}

/** Each call's Fastify template (`:name` is a path parameter), from the route table (routes.ts). */
export const routePaths = mapRoutes((name) => API_ROUTES[name].path) as { readonly [N in RouteName]: ApiRoutes[N]['path'] };

/** A template with its parameters filled in, each URI-encoded. */
export function fillPath(template: string, params: Readonly<Record<string, unknown>>): string {
  return template.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key])));
}

/** A route's template: as is without parameters, else a function of its parameters in the template's order. */
type PathBuilder<T extends string> = PathParamList<T> extends [] ? T : (...values: StringsFor<PathParamList<T>>) => string;
type StringsFor<Names extends unknown[]> = { [K in keyof Names]: string };

function builderOf(template: string): string | ((...values: string[]) => string) {
  const names = [...template.matchAll(/:(\w+)/g)].map((match) => match[1]);
  if (names.length === 0) return template;
  return (...values) => fillPath(template, Object.fromEntries(names.map((name, index) => [name, values[index]])));
}

/** The paths the web calls: `apiPaths.uteStatus(id)`, `apiPaths.utesExport`. */
export const apiPaths = mapRoutes((name) => builderOf(API_ROUTES[name].path)) as { readonly [N in RouteName]: PathBuilder<ApiRoutes[N]['path']> };
