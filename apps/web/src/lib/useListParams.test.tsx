import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { screenList, screens, type ScreenInfo } from '../config/screens';
import { useListParams } from './useListParams';

/** Every screen's source, tests aside: what reads the URL. */
const sources = import.meta.glob<string>(['../features/**/*.{ts,tsx}', '../domain/**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const listScreens = screenList.filter((screen) => Object.keys(screen.filters).length > 0);
const hrefOf = (screen: ScreenInfo) => screens[screen.id].href as (params?: Record<string, string | number>) => string;
/** A value for every filter of `screen`, none of them its default. */
const sampleOf = (screen: ScreenInfo) =>
  Object.fromEntries(Object.entries(screen.filters).map(([name, fallback]) => [name, typeof fallback === 'number' ? fallback + 2 : `${fallback}x-${name}`]));
const pathParamsOf = (screen: ScreenInfo) => Object.fromEntries([...screen.path.matchAll(/:(\w+)/g)].map(([, name]) => [name, 'p-1']));

function renderListParams(screen: ScreenInfo, url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  return renderHook(
    () => {
      const [params, setParams] = useListParams(screen);
      const location = useLocation();
      return { params, setParams, url: `${location.pathname}${location.search}` };
    },
    { wrapper },
  );
}

describe('useListParams', () => {
  it.each(listScreens.map((screen) => [screen.id, screen] as const))('reads on %s exactly the filters its links write', (_, screen) => {
    const sample = sampleOf(screen);
    const url = hrefOf(screen)({ ...pathParamsOf(screen), ...sample });
    const { result } = renderListParams(screen, url);
    expect(result.current.params).toEqual(sample);

    act(() => result.current.setParams(screen.filters));
    expect(result.current.url).toBe(hrefOf(screen)(pathParamsOf(screen)));
    expect(result.current.params).toEqual(screen.filters);

    act(() => result.current.setParams(sample));
    expect(result.current.url).toBe(url);
  });

  it('goes back to page 1 on any change but the page, and keeps defaults out of the URL', () => {
    const { result } = renderListParams(screens.utes, '/ute-list?page=3&search=hilux');
    expect(result.current.params).toMatchObject({ page: 3, search: 'hilux', status: '' });
    act(() => result.current.setParams({ status: 'Pending' }));
    expect(result.current.url).toBe('/ute-list?search=hilux&status=Pending');
    act(() => result.current.setParams({ page: 2 }, { replace: true }));
    expect(result.current.url).toBe('/ute-list?search=hilux&status=Pending&page=2');
    act(() => result.current.setParams({ search: '' }));
    expect(result.current.url).toBe('/ute-list?status=Pending');
  });

  it('falls back to the default for a page that is not a positive number', () => {
    const { result } = renderListParams(screens.queries, '/queries?page=-2&sort=oldest');
    expect(result.current.params).toMatchObject({ page: 1, sort: 'oldest', email: '' });
  });

  it('is how every page reads the URL: from its own screen row, never a literal or useSearchParams', () => {
    let calls = 0;
    for (const [file, source] of Object.entries(sources)) {
      expect(source, file).not.toMatch(/useSearchParams/);
      for (const [, argument] of source.matchAll(/useListParams\(([^)]*)\)/g)) {
        calls += 1;
        expect(argument, file).toMatch(/^(screens\.\w+|[\w\s.=']+\?\s*screens\.\w+\s*:\s*screens\.\w+)$/);
        for (const [, id] of argument.matchAll(/screens\.(\w+)/g)) expect(Object.keys(screens), file).toContain(id);
      }
    }
    expect(calls).toBeGreaterThanOrEqual(listScreens.length - 1);
  });
});
