import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import type { AdminRole, SavedView } from '@ute/contract';
import { sessionActions } from '../../lib/session';
import { installFakeJsonApi, matchRoute, type FakeHandler } from '../../test/fakeJsonApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { SavedViewTabs } from './SavedViewTabs';

const ME = { id: 'a-me', name: 'Mo Moderator' };
const OTHER = { id: 'a-other', name: 'Olive Owner' };
const FILTERS = { page: 1, search: '', status: '' } as const;

function viewOf(overrides: Partial<SavedView> & { id: string; name: string; query: string }): SavedView {
  return { list: 'utes', isShared: false, creator: ME, createdAt: '2026-11-01T00:00:00.000Z', canChange: true, version: '1', ...overrides };
}

let views: SavedView[] = [];
const sent: { route: string; params: Record<string, string>; body: unknown }[] = [];
const handler: FakeHandler = (url, init) => {
  const matched = matchRoute(init.method ?? 'GET', url);
  const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
  if (matched?.name !== 'savedViews') sent.push({ route: matched?.name ?? '?', params: matched?.params ?? {}, body });
  const name: string = matched?.name ?? '';
  const id = matched?.params.id ?? '';
  switch (name) {
    case 'savedViews':
      return { body: { data: views } };
    case 'createSavedView': {
      const view = viewOf({ id: `v${views.length + 1}`, name: String(body!.name), query: String(body!.query), isShared: body!.isShared === true });
      views = [...views, view];
      return { body: { message: 'View saved', data: view } };
    }
    case 'updateSavedView': {
      views = views.map((view) => (view.id === id ? { ...view, ...body } : view));
      return { body: { message: 'View updated', data: views.find((view) => view.id === id) } };
    }
    case 'deleteSavedView':
      views = views.filter((view) => view.id !== id);
      return { body: { message: 'View deleted' } };
    default:
      return { status: 404, body: { message: 'unexpected' } };
  }
};
installFakeJsonApi((url, init) => handler(url, init));

function signInAs(roles: AdminRole[]) {
  sessionActions.updateUser({
    _id: ME.id,
    email: 'me@example.com',
    name: ME.name,
    roles,
    userRole: roles[0],
    twoFactorEnabled: true,
    mustEnrolTwoFactor: false,
  });
}

/** The count each filter set asks: the rows whose search matches, as the list's own call would answer. */
const countOf = (filters: { search: string; status: string }) => Promise.resolve(filters.search === 'evie' ? 3 : filters.status === 'Pending' ? 7 : 42);

function Where() {
  const location = useLocation();
  return <output aria-label="Address">{`${location.pathname}${location.search}`}</output>;
}

function renderTabs(path = '/ute-list') {
  return renderWithProviders(
    <Routes>
      <Route
        path="/ute-list"
        element={
          <>
            <SavedViewTabs list="utes" filters={FILTERS} countKey={['utes']} countOf={countOf} />
            <Where />
          </>
        }
      />
    </Routes>,
    path,
  );
}

afterEach(() => {
  views = [];
  sent.length = 0;
});

describe('SavedViewTabs', () => {
  it('shows All and each view with its marker and live count; a tab links to the list with its query and view id', async () => {
    signInAs(['moderator']);
    views = [
      viewOf({ id: 'v1', name: 'Evie', query: '?search=evie' }),
      viewOf({ id: 'v2', name: 'Pending', query: '?status=Pending', isShared: true, creator: OTHER, canChange: false }),
    ];
    renderTabs();
    const nav = await screen.findByRole('navigation', { name: 'Saved views' });
    const evie = await within(nav).findByRole('link', { name: /Evie/ });
    await waitFor(() => expect(evie).toHaveTextContent('3'));
    expect(within(evie).getByText('Private')).toBeInTheDocument();
    const pending = within(nav).getByRole('link', { name: /Pending/ });
    expect(pending).toHaveTextContent('Shared');
    await waitFor(() => expect(pending).toHaveTextContent('7'));
    const all = within(nav).getByRole('link', { name: /All/ });
    expect(all).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(all).toHaveTextContent('42'));

    expect(evie).toHaveAttribute('href', '/ute-list?search=evie&view=v1');
    await userEvent.click(pending);
    expect(screen.getByLabelText('Address')).toHaveTextContent('/ute-list?status=Pending&view=v2');
    expect(within(nav).getByRole('link', { name: /Pending/ })).toHaveAttribute('aria-current', 'page');
    // Someone else's shared view: no controls, only who shared it.
    expect(within(nav).queryByRole('button', { name: 'Delete view' })).toBeNull();
    expect(within(nav).getByText('Shared by Olive Owner')).toBeInTheDocument();
  });

  it('saves the current filters (without the page) as a shared view and opens it', async () => {
    signInAs(['moderator']);
    renderTabs('/ute-list?status=Pending&search=evie&page=2');
    await userEvent.click(await screen.findByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save view' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Name the view');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'View name' }), '  Evie pending ');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Share with the team' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        route: 'createSavedView',
        params: { list: 'utes' },
        body: { name: 'Evie pending', query: '?status=Pending&search=evie', isShared: true },
      }),
    );
    await waitFor(() => expect(screen.getByLabelText('Address')).toHaveTextContent('/ute-list?status=Pending&search=evie&view=v1'));
    expect(await screen.findByRole('link', { name: /Evie pending/ })).toHaveAttribute('aria-current', 'page');
  });

  it('lets the creator rename, unshare, update and delete the selected view', async () => {
    signInAs(['moderator']);
    views = [viewOf({ id: 'v1', name: 'Evie', query: '?search=evie', isShared: true })];
    renderTabs('/ute-list?search=evie&status=Pending&view=v1');
    const group = await screen.findByRole('group', { name: 'View “Evie”' });
    await userEvent.click(within(group).getByRole('button', { name: 'Make private' }));
    await waitFor(() => expect(sent).toContainEqual({ route: 'updateSavedView', params: { id: 'v1' }, body: { isShared: false } }));
    // The filters differ from the view's: Update view saves them into it.
    await userEvent.click(within(group).getByRole('button', { name: 'Update view' }));
    await waitFor(() => expect(sent).toContainEqual({ route: 'updateSavedView', params: { id: 'v1' }, body: { query: '?search=evie&status=Pending' } }));

    await userEvent.click(within(group).getByRole('button', { name: 'Rename view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename view' });
    const name = within(dialog).getByRole('textbox', { name: 'View name' });
    expect(name).toHaveValue('Evie');
    await userEvent.clear(name);
    await userEvent.type(name, 'Evie’s utes');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toContainEqual({ route: 'updateSavedView', params: { id: 'v1' }, body: { name: 'Evie’s utes' } }));

    await userEvent.click(within(await screen.findByRole('group', { name: 'View “Evie’s utes”' })).getByRole('button', { name: 'Delete view' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete view' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent).toContainEqual({ route: 'deleteSavedView', params: { id: 'v1' }, body: null }));
    await waitFor(() => expect(screen.queryByRole('link', { name: /Evie/ })).toBeNull());
    expect(screen.getByLabelText('Address')).toHaveTextContent('/ute-list?search=evie&status=Pending');
  });

  it('shows nothing to an admin who may not open the list', () => {
    signInAs(['finance']);
    renderTabs();
    expect(screen.queryByRole('navigation', { name: 'Saved views' })).toBeNull();
  });
});
