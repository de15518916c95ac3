import { useState, type FormEvent, type ReactNode } from 'react';
import { useQueries, type QueryKey } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { Lock, Users } from 'lucide-react';
import {
  canUseSavedViewsOf,
  SAVED_VIEW_NAME_MAX,
  SAVED_VIEWS_PER_LIST,
  savedViewQueryOf,
  savedViewTexts,
  type SavedView,
  type SavedViewList,
} from '@ute/contract';
import { Button, ConfirmDialog, Field, fieldClass, Modal } from '../../components/ui';
import type { FilterDefaults, FilterValues } from '../../config/urlFilters';
import { useSession } from '../../lib/session';
import { filtersOfQuery, savedViewHref, useCreateSavedView, useDeleteSavedView, useSavedViews, useUpdateSavedView } from './savedViewsApi';

const NO_ROLES: readonly string[] = [];
/** How often the tabs' counts refresh on their own (the list's own changes refresh them at once). */
const COUNT_REFRESH_MS = 60_000;

export interface SavedViewTabsProps<F extends FilterDefaults> {
  list: SavedViewList;
  /** The list screen's URL filters with their defaults (its screen row's `filters`). */
  filters: F;
  /** The list's query key prefix: its mutations invalidate it, so the counts follow the list. */
  countKey: QueryKey;
  /** How many rows the list has with these filters: the list's own call, asked for one row. */
  countOf: (filters: FilterValues<F>, signal: AbortSignal) => Promise<number>;
}

/**
 * A list's saved views as tabs above it (docs/design.md §12): "All", then each view
 * of mine or shared with the team, with its live count. A tab is a link to the list with the view's
 * query and `view=<id>`, so a view's URL opens it. Save view keeps the current URL's filters, search,
 * sort and tab; the selected view's creator (or an owner, for a shared one) may rename, share or
 * unshare, update and delete it. Shows nothing to an admin who may not open the list.
 */
export function SavedViewTabs<F extends FilterDefaults>(props: SavedViewTabsProps<F>) {
  // Outside the selector: a new [] per read would be a new snapshot each time (an endless re-render).
  const roles = useSession((session) => session.user?.roles) ?? NO_ROLES;
  if (!canUseSavedViewsOf(roles, props.list)) return null;
  return <SavedViewTabsPanel {...props} />;
}

type Dialog = { kind: 'save' } | { kind: 'rename'; view: SavedView } | { kind: 'delete'; view: SavedView } | null;

function SavedViewTabsPanel<F extends FilterDefaults>({ list, filters, countKey, countOf }: SavedViewTabsProps<F>) {
  const location = useLocation();
  const navigate = useNavigate();
  const adminId = useSession((session) => session.user?._id ?? null);
  const views = useSavedViews(list).data ?? [];
  const selectedId = new URLSearchParams(location.search).get('view');
  const selected = views.find((view) => view.id === selectedId) ?? null;
  const currentQuery = savedViewQueryOf(location.search);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const create = useCreateSavedView(list, {
    onSuccess: ({ data }) => {
      close();
      void navigate(savedViewHref(location.pathname, data.query, data.id));
    },
  });
  const update = useUpdateSavedView(list, { onSuccess: close });
  const remove = useDeleteSavedView(list, {
    onSuccess: () => {
      close();
      void navigate(`${location.pathname}${currentQuery}`);
    },
  });

  const queries = ['', ...views.map((view) => view.query)];
  const counts = useQueries({
    queries: queries.map((query) => ({
      queryKey: [...countKey, 'savedViewCount', query],
      queryFn: ({ signal }: { signal: AbortSignal }) => countOf(filtersOfQuery(filters, query), signal),
      refetchInterval: COUNT_REFRESH_MS,
    })),
  });
  const countAt = (index: number) => counts[index]?.data;
  const mineCount = views.filter((view) => view.creator.id === adminId).length;
  const isFull = mineCount >= SAVED_VIEWS_PER_LIST;

  return (
    <nav aria-label="Saved views" className="mb-4 flex flex-wrap items-center gap-2">
      <ul className="flex flex-wrap gap-1 rounded-lg bg-slate-200 p-1">
        <li>
          <ViewTab to={location.pathname} isSelected={selected === null} count={countAt(0)}>
            All
          </ViewTab>
        </li>
        {views.map((view, index) => (
          <li key={view.id}>
            <ViewTab to={savedViewHref(location.pathname, view.query, view.id)} isSelected={view.id === selected?.id} count={countAt(index + 1)}>
              {view.isShared ? <Users className="h-3.5 w-3.5" aria-hidden="true" /> : <Lock className="h-3.5 w-3.5" aria-hidden="true" />}
              {!view.isShared && <span className="sr-only">Private</span>}
              {view.name}
              {view.isShared && <span className="rounded bg-slate-100 px-1 text-[10px] uppercase text-slate-600">Shared</span>}
            </ViewTab>
          </li>
        ))}
      </ul>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => setDialog({ kind: 'save' })}
        disabled={isFull}
        title={isFull ? savedViewTexts.tooMany : 'Save the current filters, search, sort and tab as a view'}
      >
        Save view
      </Button>
      {selected?.canChange && (
        <div role="group" aria-label={`View “${selected.name}”`} className="flex flex-wrap gap-1">
          {savedViewQueryOf(selected.query) !== currentQuery && (
            <Button
              size="sm"
              variant="ghost"
              disabled={update.isPending}
              onClick={() => update.mutate({ id: selected.id, version: selected.version, query: currentQuery })}
            >
              Update view
            </Button>
          )}
          <Button size="sm" variant="ghost" onClick={() => setDialog({ kind: 'rename', view: selected })}>
            Rename view
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={update.isPending}
            onClick={() => update.mutate({ id: selected.id, version: selected.version, isShared: !selected.isShared })}
          >
            {selected.isShared ? 'Make private' : 'Share with the team'}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setDialog({ kind: 'delete', view: selected })}>
            Delete view
          </Button>
        </div>
      )}
      {selected && !selected.canChange && <span className="text-xs text-slate-600">Shared by {selected.creator.name}</span>}

      <ViewNameDialog
        key={dialog?.kind === 'rename' ? dialog.view.id : (dialog?.kind ?? 'none')}
        open={dialog?.kind === 'save' || dialog?.kind === 'rename'}
        view={dialog?.kind === 'rename' ? dialog.view : null}
        isPending={create.isPending || update.isPending}
        onClose={close}
        onSave={(name, isShared) =>
          dialog?.kind === 'rename'
            ? update.mutate({ id: dialog.view.id, version: dialog.view.version, name })
            : create.mutate({ name, query: currentQuery, isShared })
        }
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        onOpenChange={(open) => !open && !remove.isPending && close()}
        title="Delete view"
        message={dialog?.kind === 'delete' ? `Delete the view “${dialog.view.name}”${dialog.view.isShared ? ' for the whole team' : ''}?` : ''}
        confirmLabel="Delete"
        isPending={remove.isPending}
        onConfirm={() => dialog?.kind === 'delete' && remove.mutate(dialog.view)}
      />
    </nav>
  );
}

function ViewTab({ to, isSelected, count, children }: { to: string; isSelected: boolean; count: number | undefined; children: ReactNode }) {
  return (
    <Link
      to={to}
      aria-current={isSelected ? 'page' : undefined}
      className={`inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium ${isSelected ? 'bg-white text-brand-700 shadow' : 'text-slate-700 hover:bg-slate-100'}`}
    >
      {children}
      <span className="rounded-full bg-slate-100 px-1.5 text-xs tabular-nums text-slate-700">
        <span aria-hidden="true">{count ?? '…'}</span>
        <span className="sr-only">{count === undefined ? ', counting' : `, ${count} rows`}</span>
      </span>
    </Link>
  );
}

/** Save view (a name and "Share with the team") or Rename view (the name only). */
function ViewNameDialog({
  open,
  view,
  isPending,
  onClose,
  onSave,
}: {
  open: boolean;
  view: SavedView | null;
  isPending: boolean;
  onClose: () => void;
  onSave: (name: string, isShared: boolean) => void;
}) {
  const [name, setName] = useState(view?.name ?? '');
  const [isShared, setIsShared] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(savedViewTexts.nameRequired);
    if (trimmed.length > SAVED_VIEW_NAME_MAX) return setError(savedViewTexts.nameTooLong);
    onSave(trimmed, isShared);
  };
  return (
    <Modal open={open} onOpenChange={(next) => !next && !isPending && onClose()} title={view ? 'Rename view' : 'Save view'} size="sm">
      <form onSubmit={handleSubmit} className="flex flex-col gap-4" noValidate>
        <Field label="View name">
          {(id) => (
            <input
              id={id}
              className={fieldClass}
              value={name}
              maxLength={SAVED_VIEW_NAME_MAX + 20}
              aria-invalid={error ? true : undefined}
              onChange={(event) => {
                setName(event.target.value);
                setError(null);
              }}
            />
          )}
        </Field>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        {!view && (
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" checked={isShared} onChange={(event) => setIsShared(event.target.checked)} />
            Share with the team
          </label>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
