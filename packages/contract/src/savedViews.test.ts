import { describe, expect, it } from 'vitest';
import { canUseSavedViewsOf, SAVED_VIEW_LIST_ROUTES } from './listRoutes';
import { SAVED_VIEW_LISTS, savedViewCreateBodySchema, savedViewQueryOf, savedViewTexts, savedViewUpdateBodySchema } from './savedViews';

const messageOf = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0].message;

describe('a saved view’s body', () => {
  it('trims the name to 1–60 characters, takes an empty or ?-query of at most 1000 characters, and is private by default', () => {
    expect(savedViewCreateBodySchema.parse({ name: '  Pending  ', query: '?status=Pending' })).toEqual({
      name: 'Pending',
      query: '?status=Pending',
      isShared: false,
    });
    expect(messageOf(savedViewCreateBodySchema.safeParse({ name: '  ', query: '' }))).toBe(savedViewTexts.nameRequired);
    expect(messageOf(savedViewCreateBodySchema.safeParse({ name: 'x'.repeat(61), query: '' }))).toBe(savedViewTexts.nameTooLong);
    expect(messageOf(savedViewCreateBodySchema.safeParse({ name: 'A', query: 'status=Pending' }))).toBe(savedViewTexts.queryInvalid);
    expect(messageOf(savedViewCreateBodySchema.safeParse({ name: 'A', query: `?${'a'.repeat(1000)}` }))).toBe(savedViewTexts.queryTooLong);
  });

  it('changes at least one of name, query and sharing', () => {
    expect(messageOf(savedViewUpdateBodySchema.safeParse({}))).toBe(savedViewTexts.nothingToChange);
    expect(savedViewUpdateBodySchema.parse({ isShared: true })).toEqual({ isShared: true });
  });
});

describe('savedViewQueryOf', () => {
  it('keeps the filters of a URL but its page and view marker', () => {
    expect(savedViewQueryOf('?tab=manual&page=3&search=evie&view=abc')).toBe('?tab=manual&search=evie');
    expect(savedViewQueryOf('?page=2')).toBe('');
    expect(savedViewQueryOf('')).toBe('');
  });
});

describe('who may use a list’s saved views', () => {
  it('whoever may open the list: moderators listings and quotes, finance bookings and payments, support users and queries, owners all', () => {
    expect(SAVED_VIEW_LISTS.filter((list) => canUseSavedViewsOf(['moderator'], list))).toEqual(['utes', 'jobs', 'quotes']);
    expect(SAVED_VIEW_LISTS.filter((list) => canUseSavedViewsOf(['finance'], list))).toEqual(['uteBookings', 'jobBookings', 'payments']);
    expect(SAVED_VIEW_LISTS.filter((list) => canUseSavedViewsOf(['support'], list))).toEqual(['users', 'queries']);
    expect(SAVED_VIEW_LISTS.filter((list) => canUseSavedViewsOf(['owner'], list))).toEqual([...SAVED_VIEW_LISTS]);
    expect(SAVED_VIEW_LISTS.filter((list) => canUseSavedViewsOf(['content'], list))).toEqual([]);
    expect(Object.keys(SAVED_VIEW_LIST_ROUTES)).toEqual([...SAVED_VIEW_LISTS]);
  });
});
