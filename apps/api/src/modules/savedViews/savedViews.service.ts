import {
  accessTexts,
  canUseSavedViewsOf,
  SAVED_VIEWS_PER_LIST,
  savedViewTexts,
  type MessageResponse,
  type SavedView,
  type SavedViewCreateBody,
  type SavedViewList,
  type SavedViewListResponse,
  type SavedViewResponse,
  type SavedViewUpdateBody,
} from '@ute/contract';
import type { Db, DbOrTx } from '../../db/database';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { assertUnchanged, writeAudit, type Actor } from '../../platform/audit/auditLog';
import {
  countViewsOf,
  deleteView,
  findView,
  hasViewNamed,
  insertView,
  listVisibleViews,
  lockCreator,
  updateView,
  type SavedViewRow,
  type SavedViewWithCreator,
} from './savedViews.repository';

/** The signed-in admin making a saved views call: their roles decide which lists' views they may use. */
export interface SavedViewActor extends Actor {
  adminId: string;
  roles: readonly string[];
}

const isOwner = (roles: readonly string[]) => roles.includes('owner');

function assertMayUse(roles: readonly string[], list: SavedViewList): void {
  if (!canUseSavedViewsOf(roles, list)) throw forbidden(accessTexts.forbidden, 'ROLE');
}

/** Its creator, or an owner when it is shared (an owner cannot see someone's private view, so cannot change it). */
const mayChange = (view: SavedViewRow, actor: SavedViewActor) => view.creatorId === actor.adminId || (view.isShared && isOwner(actor.roles));

function toDto(view: SavedViewWithCreator, actor: SavedViewActor): SavedView {
  return {
    id: view.id,
    list: view.list,
    name: view.name,
    query: view.query,
    isShared: view.isShared,
    creator: { id: view.creatorId, name: view.creatorName },
    createdAt: view.createdAt.toISOString(),
    canChange: mayChange(view, actor),
    version: view.version,
  };
}

const auditOf = (view: SavedViewRow) => ({ list: view.list, name: view.name, query: view.query, isShared: view.isShared, creatorId: view.creatorId });

export function createSavedViewsService({ db }: { db: Db }) {
  /**
   * A view by id that the admin may change: 404 when it does not exist or is someone else's private
   * view (its existence is not revealed), 403 for a list they cannot open or a shared view that is
   * neither theirs nor theirs to change as an owner.
   */
  async function changeableView(tx: DbOrTx, id: string, actor: SavedViewActor): Promise<SavedViewWithCreator> {
    const view = await findView(tx, id, true);
    if (!view || (!view.isShared && view.creatorId !== actor.adminId)) throw notFound('View');
    assertMayUse(actor.roles, view.list);
    if (!mayChange(view, actor)) throw forbidden(savedViewTexts.notChangeable, 'ROLE');
    // A shared view has two who may change it (its creator and an owner): If-Match, docs/design.md §14.
    await assertUnchanged(tx, actor, { version: view.version, id: view.id, targetType: 'saved_view' });
    return view;
  }

  /** GET saved-views/:list: mine and the shared ones. */
  async function listViews(list: SavedViewList, actor: SavedViewActor): Promise<SavedViewListResponse> {
    assertMayUse(actor.roles, list);
    const rows = await listVisibleViews(db, list, actor.adminId);
    return { data: rows.map((row) => toDto(row, actor)) };
  }

  /** POST saved-views/:list/add: at most SAVED_VIEWS_PER_LIST per admin and list, one name each. */
  async function createView(list: SavedViewList, body: SavedViewCreateBody, actor: SavedViewActor): Promise<SavedViewResponse> {
    assertMayUse(actor.roles, list);
    return db.transaction(async (tx) => {
      await lockCreator(tx, actor.adminId);
      if ((await countViewsOf(tx, actor.adminId, list)) >= SAVED_VIEWS_PER_LIST) throw conflict(savedViewTexts.tooMany);
      if (await hasViewNamed(tx, actor.adminId, list, body.name)) throw conflict(savedViewTexts.duplicateName);
      const row = await insertView(tx, { list, creatorId: actor.adminId, name: body.name, query: body.query, isShared: body.isShared });
      await writeAudit(tx, actor, { action: 'saved-view.create', targetType: 'saved_view', targetId: row.id, after: auditOf(row) });
      const view = await findView(tx, row.id);
      return { message: savedViewTexts.created, data: toDto(view!, actor) };
    });
  }

  /** PATCH saved-views/:id/edit: rename, change the query, share or unshare. */
  async function changeView(id: string, body: SavedViewUpdateBody, actor: SavedViewActor): Promise<SavedViewResponse> {
    return db.transaction(async (tx) => {
      const view = await changeableView(tx, id, actor);
      if (body.name !== undefined && (await hasViewNamed(tx, view.creatorId, view.list, body.name, view.id))) throw conflict(savedViewTexts.duplicateName);
      const row = await updateView(tx, view.id, { name: body.name, query: body.query, isShared: body.isShared });
      await writeAudit(tx, actor, { action: 'saved-view.update', targetType: 'saved_view', targetId: row.id, before: auditOf(view), after: auditOf(row) });
      return { message: savedViewTexts.updated, data: toDto({ ...row, creatorName: view.creatorName }, actor) };
    });
  }

  /** DELETE saved-views/:id/delete. */
  async function removeView(id: string, actor: SavedViewActor): Promise<MessageResponse> {
    return db.transaction(async (tx) => {
      const view = await changeableView(tx, id, actor);
      await deleteView(tx, view.id);
      await writeAudit(tx, actor, { action: 'saved-view.delete', targetType: 'saved_view', targetId: view.id, before: auditOf(view) });
      return { message: savedViewTexts.deleted };
    });
  }

  return { listViews, createView, changeView, removeView };
}
