import { describe, expect, it } from 'vitest';
import { REJECTION_REASON_LABELS, REJECTION_REASONS } from '@ute/contract';
import { approvalNoticeMail, rejectionNoticeMail } from './listingNotices';

const ute = { kind: 'ute' as const, to: 'ava@example.com', firstName: 'Ava', listingName: 'Red Hilux', reference: 'UTE-000123' };
const job = { kind: 'job' as const, to: 'ben@example.com', firstName: 'Ben', listingName: 'Tip run', reference: 'JOB-000045' };

describe('listing notices', () => {
  it('tells a ute lister their listing is approved, by name and reference', () => {
    expect(approvalNoticeMail(ute)).toEqual({
      to: 'ava@example.com',
      subject: 'Your ute listing UTE-000123 is approved',
      body: [
        'Hi Ava,',
        '',
        'Good news: we have checked your ute “Red Hilux” (UTE-000123) and it is now approved. It is live on the marketplace and people can book it.',
        '',
        'The Ute Marketplace team',
      ].join('\n'),
    });
  });

  it('tells a job lister their job is approved, and names it by reference alone when it has no name', () => {
    const mail = approvalNoticeMail({ ...job, listingName: null, firstName: ' ' });
    expect(mail.subject).toBe('Your job listing JOB-000045 is approved');
    expect(mail.body).toContain('Hi there,');
    expect(mail.body).toContain('we have checked your job JOB-000045 and it is now approved');
  });

  it('tells a job lister why it was rejected, with the note', () => {
    expect(rejectionNoticeMail({ ...job, reason: 'photos', note: '  The photos show a sedan.  ' })).toEqual({
      to: 'ben@example.com',
      subject: 'Your job listing JOB-000045 was not approved',
      body: [
        'Hi Ben,',
        '',
        'We have checked your job “Tip run” (JOB-000045) and could not approve it.',
        '',
        'The reason: The photos are missing, unclear or do not show the vehicle.',
        '',
        'A note from our team: The photos show a sedan.',
        '',
        'You can fix this in the app and submit the job again; we will look at it once more.',
        '',
        'The Ute Marketplace team',
      ].join('\n'),
    });
  });

  it('still tells the lister of a rejection given without a reason', () => {
    const mail = rejectionNoticeMail({ ...ute, reason: null, note: null });
    expect(mail.body).toContain('We have checked your ute “Red Hilux” (UTE-000123) and could not approve it.');
    expect(mail.body).not.toContain('The reason');
    expect(mail.body).not.toMatch(/undefined|null/);
  });

  it.each(REJECTION_REASONS)('renders the reason %s in plain words, with no note line when there is none', (reason) => {
    const mail = rejectionNoticeMail({ ...ute, reason, note: null });
    expect(mail.subject).toBe('Your ute listing UTE-000123 was not approved');
    expect(mail.body).toContain(`your ute “Red Hilux” (UTE-000123)`);
    expect(mail.body).toContain(`The reason: ${REJECTION_REASON_LABELS[reason]}.`);
    expect(mail.body).not.toContain('A note from our team');
    expect(mail.body).not.toMatch(/undefined|null|\[object/);
  });
});
