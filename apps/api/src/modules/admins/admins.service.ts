import {
  ADMIN_ROLES,
  adminTexts,
  INVITE_VALIDITY_MS,
  type AcceptInvitation,
  type AcceptInvitationResponse,
  type AdminChangeResponse,
  type AdminListItem,
  type AdminListResponse,
  type AdminRole,
  type AdminSettings,
  type AdminSettingsResponse,
  type AdminStatus,
  type AuditAction,
  type Invitation,
  type MessageResponse,
  type UpdateAdminSettings,
} from '@ute/contract';
import type { Db, DbOrTx } from '../../db/database';
import { AppError, conflict, notFound } from '../../lib/errors';
import { reserveAttempt, resetAccountAttempts, type AttemptPolicy, type RateLimitStore } from '../../lib/rateLimiter';
import { randomToken, sha256 } from '../../lib/secrets';
import { assertUnchanged, writeAudit, type Actor } from '../../platform/audit/auditLog';
import { REQUIRE_TWO_FACTOR_KEY, type AdminRow } from '../auth/auth.repository';
import { authLimits } from '../auth/auth.service';
import { hashPassword } from '../auth/passwords';
import { twoFactorCodePolicy } from '../auth/twoFactor.service';
import type { Mailer } from '../../platform/mail/mailer';
import { invitationMail } from '../../platform/mail/templates/invitationMail';
import * as repo from './admins.repository';

/**
 * Guesses at invitation tokens, counted per address like sign-in attempts. A token has 256 random
 * bits, so this only keeps a stranger from hammering argon2 and the database.
 */
const invitationPolicy: AttemptPolicy = {
  name: 'invitation',
  windowMs: authLimits.signInWindowMs,
  perAccountAndAddress: authLimits.signInFailuresPerAccountPerAddress,
  perAddress: authLimits.signInFailuresPerAddress,
  perAccountBeforeSlowdown: authLimits.signInFailuresPerAccountBeforeSlowdown,
  slowdownStepMs: authLimits.slowdownStepMs,
  slowdownMaxMs: authLimits.slowdownMaxMs,
  tooManyMessage: adminTexts.tooManyInvitationTries,
};

const rolesOf = (admin: AdminRow): AdminRole[] => admin.roles.filter((role): role is AdminRole => (ADMIN_ROLES as readonly string[]).includes(role));
const isOwner = (admin: Pick<AdminRow, 'roles'>) => admin.roles.includes('owner');

/** The status of an admin given its invitations (newest first). */
function statusOf(admin: AdminRow, invites: repo.InviteRow[], now: number): { status: AdminStatus; inviteExpiresAt: Date | null } {
  const isPending = invites.length > 0 && invites.every((invite) => invite.acceptedAt === null);
  if (isPending) {
    const latest = invites[0];
    return latest.expiresAt.getTime() > now ? { status: 'Invited', inviteExpiresAt: latest.expiresAt } : { status: 'Invite expired', inviteExpiresAt: null };
  }
  return { status: admin.isActive ? 'Active' : 'Inactive', inviteExpiresAt: null };
}

function toAdminListItem(admin: AdminRow, invites: repo.InviteRow[], now = Date.now()): AdminListItem {
  const { status, inviteExpiresAt } = statusOf(admin, invites, now);
  return {
    _id: admin.id,
    name: admin.name,
    email: admin.email,
    roles: rolesOf(admin),
    twoFactorEnabled: admin.totpEnabledAt !== null,
    lastSignInAt: admin.lastSignInAt?.toISOString() ?? null,
    status,
    isActive: admin.isActive,
    inviteExpiresAt: inviteExpiresAt?.toISOString() ?? null,
    createdAt: admin.createdAt.toISOString(),
    version: String(admin.version),
  };
}

async function listItemOf(db: DbOrTx, admin: AdminRow): Promise<AdminListItem> {
  return toAdminListItem(admin, await repo.listInvitesOf(db, [admin.id]));
}

/**
 * An owner's change of a setting on Settings: locks its row, answers 409 when it changed since they loaded it
 * (If-Match, docs/design.md §14), writes it; answers the value before and the new version.
 */
export async function changeSetting(tx: DbOrTx, actor: Actor, key: string, value: string): Promise<{ before: string | undefined; version: string }> {
  const current = await repo.readSettingWithVersion(tx, key, { isLocking: true });
  await assertUnchanged(tx, actor, { version: current.version, id: key, targetType: 'settings' });
  return { before: current.value, version: await repo.writeSetting(tx, key, value) };
}

/** What the audit log keeps of an admin before and after a change. */
const auditViewOf = (item: AdminListItem) => ({ roles: item.roles, status: item.status });

export interface AdminsServiceDeps {
  db: Db;
  mailer: Mailer;
  limits: RateLimitStore;
  /** The back-office's address, for the link in the invitation mail. */
  publicUrl: string;
}

export function createAdminsService({ db, mailer, limits, publicUrl }: AdminsServiceDeps) {
  async function listAdmins(): Promise<AdminListResponse> {
    const rows = await repo.listAdmins(db);
    const invites = await repo.listInvitesOf(
      db,
      rows.map((row) => row.id),
    );
    const now = Date.now();
    const data = rows.map((row) =>
      toAdminListItem(
        row,
        invites.filter((invite) => invite.adminId === row.id),
        now,
      ),
    );
    return { data, total: data.length, totalCount: data.length };
  }

  /**
   * Creates the admin inactive with a password nobody knows, or, for someone invited before who has
   * not accepted, renews them (name, roles) and replaces the old invitation: its link dies.
   */
  async function inviteAdmin(input: { email: string; name: string; roles: AdminRole[] }, actor: Actor & { adminId: string }): Promise<AdminChangeResponse> {
    const email = input.email.trim().toLowerCase();
    const token = randomToken();
    // A random password's hash: the row needs one, and nothing can match it.
    const passwordHash = await hashPassword(randomToken());
    const response = await db.transaction(async (tx) => {
      const existing = await repo.findAdminByEmailForUpdate(tx, email);
      let before: AdminListItem | null = null;
      let admin: AdminRow;
      if (existing) {
        const { isInvited, hasAccepted } = await repo.inviteStateOf(tx, existing.id);
        if (!isInvited || hasAccepted) throw conflict(adminTexts.alreadyAdmin);
        before = await listItemOf(tx, existing);
        await repo.deleteOpenInvites(tx, existing.id);
        admin = await repo.updateAdmin(tx, existing.id, { name: input.name, roles: input.roles, isActive: false, passwordHash, bumpTokenVersion: true });
      } else {
        admin = await repo.insertInvitedAdmin(tx, { email, name: input.name, roles: input.roles, passwordHash });
      }
      const expiresAt = new Date(Date.now() + INVITE_VALIDITY_MS);
      await repo.insertInvite(tx, { adminId: admin.id, tokenHash: sha256(token), invitedBy: actor.adminId, expiresAt });
      const after = await listItemOf(tx, admin);
      await writeAudit(tx, actor, {
        action: 'admin.invite',
        targetType: 'admin',
        targetId: admin.id,
        before: before ? { ...auditViewOf(before), name: before.name } : null,
        after: { ...auditViewOf(after), name: after.name, email: after.email },
      });
      // The token rides in the fragment: browsers send it neither to the server nor in a Referer.
      const link = `${publicUrl}/accept-invite#token=${token}`;
      await mailer.enqueue(tx, invitationMail({ to: email, name: input.name, roles: input.roles, link }));
      return { message: `${adminTexts.invited} to ${email}`, admin: after };
    });
    mailer.startDelivery();
    return response;
  }

  async function findInvitation(token: string, ip: string): Promise<Invitation> {
    const tokenHash = sha256(token);
    const attempt = await reserveAttempt(limits, invitationPolicy, tokenHash, ip);
    const invitation = await repo.findOpenInvitation(db, tokenHash);
    if (!invitation) throw new AppError('NOT_FOUND', adminTexts.invitationInvalid);
    await attempt.succeed();
    return invitation;
  }

  async function acceptInvitation(input: AcceptInvitation, ip: string, requestId: string): Promise<AcceptInvitationResponse> {
    const tokenHash = sha256(input.token);
    const attempt = await reserveAttempt(limits, invitationPolicy, tokenHash, ip);
    const passwordHash = await hashPassword(input.password);
    const email = await db.transaction(async (tx) => {
      const adminId = await repo.consumeInvitation(tx, tokenHash);
      if (!adminId) throw new AppError('NOT_FOUND', adminTexts.invitationInvalid);
      const admin = await repo.updateAdmin(tx, adminId, { passwordHash, isActive: true, bumpTokenVersion: true });
      await writeAudit(
        tx,
        { adminId, requestId },
        {
          action: 'admin.invite-accept',
          targetType: 'admin',
          targetId: adminId,
          before: { roles: rolesOf(admin), status: 'Invited' },
          after: { roles: rolesOf(admin), status: 'Active' },
        },
      );
      return admin.email;
    });
    await attempt.succeed();
    return { message: adminTexts.invitationAccepted, email };
  }

  /** Locks the admin an owner changes: 404 when unknown, 409 when changed since the team page loaded it (If-Match, docs/design.md §14). */
  async function lockAdmin(tx: DbOrTx, id: string, actor: Actor): Promise<AdminRow> {
    const admin = await repo.findAdminForUpdate(tx, id);
    if (!admin) throw notFound('Admin');
    await assertUnchanged(tx, actor, { version: String(admin.version), id, targetType: 'admin' });
    return admin;
  }

  /**
   * Runs a change to one admin with the last-owner rule: the active owners' rows are locked first
   * (always in the same order, so two changes cannot deadlock), then the target's; `change` says
   * what the target becomes, and no change may leave zero active owners.
   */
  async function changeAdmin(
    id: string,
    actor: Actor & { adminId: string },
    change: (tx: DbOrTx, admin: AdminRow, before: AdminListItem, activeOwners: string[]) => Promise<{ action: AuditAction; message: string; admin: AdminRow }>,
  ): Promise<AdminChangeResponse> {
    return db.transaction(async (tx) => {
      const owners = await repo.lockActiveOwners(tx);
      const target = await lockAdmin(tx, id, actor);
      const before = await listItemOf(tx, target);
      const { action, message, admin } = await change(tx, target, before, owners);
      const stillOwner = admin.isActive && isOwner(admin);
      const ownersAfter = owners.filter((ownerId) => ownerId !== id).length + (stillOwner ? 1 : 0);
      if (ownersAfter === 0) throw conflict(adminTexts.lastOwner);
      const after = await listItemOf(tx, admin);
      await writeAudit(tx, actor, { action, targetType: 'admin', targetId: id, before: auditViewOf(before), after: auditViewOf(after) });
      return { message, admin: after };
    });
  }

  function updateRoles(id: string, roles: AdminRole[], actor: Actor & { adminId: string }) {
    return changeAdmin(id, actor, async (tx, admin) => ({
      action: 'admin.roles',
      message: adminTexts.rolesUpdated,
      admin: await repo.updateAdmin(tx, admin.id, { roles }),
    }));
  }

  function setStatus(id: string, isActive: boolean, actor: Actor & { adminId: string }) {
    return changeAdmin(id, actor, async (tx, admin, before, activeOwners) => {
      if (!isActive && before.status === 'Invited') {
        // Deactivating someone who has not accepted yet withdraws the invitation.
        await repo.expireOpenInvites(tx, admin.id);
        return { action: 'admin.status', message: adminTexts.inviteWithdrawn, admin: await repo.updateAdmin(tx, admin.id, {}) };
      }
      if (admin.isActive === isActive) throw conflict(isActive ? adminTexts.alreadyActive : adminTexts.alreadyInactive);
      if (!isActive && admin.id === actor.adminId) {
        const isLastOwner = activeOwners.length === 1 && activeOwners[0] === admin.id;
        throw conflict(isLastOwner ? adminTexts.lastOwner : adminTexts.cannotDeactivateSelf);
      }
      if (isActive) {
        const { isInvited, hasAccepted } = await repo.inviteStateOf(tx, admin.id);
        // Without an accepted invitation the admin has no password of their own to sign in with.
        if (isInvited && !hasAccepted) throw conflict(adminTexts.notAcceptedYet);
      }
      // Deactivation bumps the token version: every token of the admin stops working at once.
      const updated = await repo.updateAdmin(tx, admin.id, { isActive, bumpTokenVersion: !isActive });
      return { action: 'admin.status', message: isActive ? adminTexts.activated : adminTexts.deactivated, admin: updated };
    });
  }

  /** Takes another admin's 2FA off (a lost phone) and lifts their code lock-out; one's own goes through turning it off, with a code. */
  async function resetTwoFactor(id: string, actor: Actor & { adminId: string }): Promise<MessageResponse> {
    const response = await db.transaction(async (tx) => {
      const admin = await lockAdmin(tx, id, actor);
      // Otherwise a session with a step-up 5 minutes old drops its own factor without the code that
      // turning 2FA off asks for (and past the owners' "require 2FA").
      if (admin.id === actor.adminId) throw conflict(adminTexts.cannotResetOwnTwoFactor);
      await repo.deleteRecoveryCodes(tx, id);
      await repo.updateAdmin(tx, id, { totpSecret: null, totpEnabledAt: null, totpLastStep: null, bumpTokenVersion: true });
      await writeAudit(tx, actor, {
        action: 'admin.two-factor-reset',
        targetType: 'admin',
        targetId: id,
        before: { twoFactorEnabled: admin.totpEnabledAt !== null },
        after: { twoFactorEnabled: false },
      });
      return { message: adminTexts.twoFactorReset };
    });
    await resetAccountAttempts(limits, twoFactorCodePolicy, id);
    return response;
  }

  async function signOutAdmin(id: string, actor: Actor & { adminId: string }): Promise<MessageResponse> {
    return db.transaction(async (tx) => {
      const admin = await repo.findAdminForUpdate(tx, id);
      if (!admin) throw notFound('Admin');
      await repo.revokeTokens(tx, id);
      await writeAudit(tx, actor, { action: 'admin.sign-out-by-owner', targetType: 'admin', targetId: id });
      return { message: adminTexts.signedOut };
    });
  }

  async function readSettings(): Promise<AdminSettings> {
    const { value, version } = await repo.readSettingWithVersion(db, REQUIRE_TWO_FACTOR_KEY);
    return { requireTwoFactor: value === 'true', version };
  }

  async function updateSettings(input: UpdateAdminSettings, actor: Actor & { adminId: string }): Promise<AdminSettingsResponse> {
    // No check that the owner asking has 2FA: settings are a step-up route, which the guard opens
    // only to an admin with 2FA (TWO_FACTOR_REQUIRED otherwise).
    return db.transaction(async (tx) => {
      const { before, version } = await changeSetting(tx, actor, REQUIRE_TWO_FACTOR_KEY, String(input.requireTwoFactor));
      await writeAudit(tx, actor, {
        action: 'settings.update',
        targetType: 'settings',
        targetId: REQUIRE_TWO_FACTOR_KEY,
        before: { requireTwoFactor: before === 'true' },
        after: { requireTwoFactor: input.requireTwoFactor },
      });
      return { message: adminTexts.settingsSaved, requireTwoFactor: input.requireTwoFactor, version };
    });
  }

  return { listAdmins, inviteAdmin, findInvitation, acceptInvitation, updateRoles, setStatus, resetTwoFactor, signOutAdmin, readSettings, updateSettings };
}

export type AdminsService = ReturnType<typeof createAdminsService>;
