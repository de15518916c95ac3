import { describe, expect, it } from 'vitest';
import { ACTIVITY_TYPES, type ActivityRecord } from '@ute/contract';
import { activityLabel, activityPersonName, activitySentence, activityTimeOf } from './activitySentence';

const by = { firstName: 'Olivia', lastName: 'Nguyen' };
const record = (values: Partial<ActivityRecord> & { activity: string }): ActivityRecord => ({
  _id: '1',
  occurredAt: '2025-03-20T01:00:00.000Z',
  activityBy: by,
  activityTo: null,
  response: null,
  type: null,
  ...values,
});

describe('activitySentence', () => {
  it.each([
    ['logged-in', {}, 'Olivia Nguyen logged in.'],
    ['logged-out', {}, 'Olivia Nguyen logged out.'],
    ['add-ute', { activityTo: { uteName: 'Blue HiLux', uteId: 'UTE-000001' } }, 'Olivia Nguyen added a new UTE Blue HiLux (ID: UTE-000001).'],
    ['add-job', { activityTo: { jobName: 'Move a couch', jobId: 'JOB-000007' } }, 'Olivia Nguyen added a new job Move a couch (ID: JOB-000007).'],
    ['create-ute-booking', { activityTo: { uteName: 'Blue HiLux', amount: 250 } }, 'Olivia Nguyen booked the UTE Blue HiLux for A$250.00.'],
    [
      'ute-accept-booking',
      { response: 'Blue HiLux', activityTo: { fullName: 'Jack Smith' } },
      'Olivia Nguyen accepted the booking request for Blue HiLux from Jack Smith.',
    ],
    [
      'ute-reject-booking',
      { response: 'Blue HiLux', activityTo: { fullName: 'Jack Smith' } },
      'Olivia Nguyen rejected the booking request for Blue HiLux from Jack Smith.',
    ],
    [
      'initiate-stripe-job-payment',
      { activityTo: { uteName: 'Blue HiLux', jobName: 'Move a couch', amount: 1234.5 } },
      'Olivia Nguyen initiated a payment of A$1,234.50 for the UTE Blue HiLux on the job Move a couch.',
    ],
    ['uteOwner-apply-for-job', { activityTo: { jobName: 'Move a couch' } }, 'Olivia Nguyen applied for the job Move a couch.'],
    ['uteOwner-apply-for-job', {}, 'Olivia Nguyen applied for a job.'],
    [
      'ute-dispatched',
      { response: 'Blue HiLux', activityTo: { jobName: 'Move a couch' } },
      'Olivia Nguyen dispatched the UTE Blue HiLux for the job Move a couch.',
    ],
    ['job-request-rejected', { activityTo: { jobName: 'Move a couch' } }, 'Olivia Nguyen rejected the request for the job Move a couch.'],
    ['job-request-rejected', {}, 'Olivia Nguyen rejected a job request.'],
    ['listing-approved', { activityTo: { uteName: 'Blue HiLux', uteId: 'UTE-000123' } }, "Olivia Nguyen's UTE Blue HiLux (ID: UTE-000123) was approved."],
    [
      'listing-rejected',
      { activityTo: { jobName: 'Move a couch', jobId: 'JOB-000045' }, response: { kind: 'job', reason: 'photos', note: 'Blurry.' } },
      "Olivia Nguyen's job Move a couch (ID: JOB-000045) was rejected: The photos are missing, unclear or do not show the vehicle. Note: Blurry.",
    ],
    [
      'listing-rejected',
      { activityTo: { uteName: 'Blue HiLux', uteId: 'UTE-000123' }, response: { kind: 'ute', reason: 'duplicate', note: null } },
      "Olivia Nguyen's UTE Blue HiLux (ID: UTE-000123) was rejected: It duplicates another listing.",
    ],
    [
      'listing-rejected',
      { activityTo: { uteName: 'Blue HiLux', uteId: 'UTE-000123' }, response: { kind: 'ute' } },
      "Olivia Nguyen's UTE Blue HiLux (ID: UTE-000123) was rejected.",
    ],
  ] as const)('%s reads as a sentence', (activity, values, expected) => {
    expect(activitySentence(record({ activity, ...values } as ActivityRecord))).toBe(expected);
  });

  it('initiate-stripe-job-payment takes the UTE from the response when activityTo has none', () => {
    expect(activitySentence(record({ activity: 'initiate-stripe-job-payment', response: 'Red Ranger', activityTo: { jobName: 'Tip run', amount: 90 } }))).toBe(
      'Olivia Nguyen initiated a payment of A$90.00 for the UTE Red Ranger on the job Tip run.',
    );
  });

  describe('initiate-manual-payment', () => {
    it('is a UTE payment for type manualUTEPayment', () => {
      expect(
        activitySentence(record({ activity: 'initiate-manual-payment', type: 'manualUTEPayment', activityTo: { uteName: 'Blue HiLux', amount: 300 } })),
      ).toBe('Olivia Nguyen initiated a manual UTE payment for Blue HiLux of A$300.00.');
    });
    it('is a job payment for any other type', () => {
      expect(
        activitySentence(record({ activity: 'initiate-manual-payment', type: 'manualJobPayment', activityTo: { uteName: 'Blue HiLux', amount: 300 } })),
      ).toBe('Olivia Nguyen initiated a manual job payment for Blue HiLux of A$300.00.');
      expect(activitySentence(record({ activity: 'initiate-manual-payment', activityTo: { uteName: 'Blue HiLux', amount: 300 } }))).toContain(
        'manual job payment',
      );
    });
  });

  describe('initiate-stripe-ute-payment', () => {
    it('is a UTE payment for type utePayment', () => {
      expect(activitySentence(record({ activity: 'initiate-stripe-ute-payment', type: 'utePayment', activityTo: { amount: 120 } }))).toBe(
        'Olivia Nguyen initiated a Stripe UTE payment of A$120.00.',
      );
    });
    it('is a job payment for any other type', () => {
      expect(activitySentence(record({ activity: 'initiate-stripe-ute-payment', type: 'jobPayment', activityTo: { amount: 120 } }))).toBe(
        'Olivia Nguyen initiated a Stripe job payment of A$120.00.',
      );
    });
  });

  describe('otp-send', () => {
    it('is for a job, with the UTE in the response, for type JobOtpSend', () => {
      expect(activitySentence(record({ activity: 'otp-send', type: 'JobOtpSend', response: 'Blue HiLux', activityTo: { jobName: 'Move a couch' } }))).toBe(
        'Olivia Nguyen sent a delivery OTP for the job Move a couch using the UTE Blue HiLux.',
      );
    });
    it('is for a UTE delivery to the person in the response otherwise', () => {
      expect(activitySentence(record({ activity: 'otp-send', type: 'uteDeliveryOtp', response: 'Jack Smith', activityTo: { uteName: 'Blue HiLux' } }))).toBe(
        'Olivia Nguyen sent a delivery OTP for the UTE Blue HiLux to Jack Smith.',
      );
    });
  });

  describe('completed', () => {
    it('is a UTE task for the user for type UteTaskCompleted', () => {
      expect(activitySentence(record({ activity: 'completed', type: 'UteTaskCompleted', response: 'Jack Smith', activityTo: { uteName: 'Blue HiLux' } }))).toBe(
        'Olivia Nguyen completed the UTE task Blue HiLux for Jack Smith.',
      );
      // Without a response the person comes from activityTo.fullName.
      expect(activitySentence(record({ activity: 'completed', type: 'UteTaskCompleted', activityTo: { uteName: 'Blue HiLux', fullName: 'Mia Brown' } }))).toBe(
        'Olivia Nguyen completed the UTE task Blue HiLux for Mia Brown.',
      );
    });
    it('is a job using a UTE otherwise', () => {
      expect(activitySentence(record({ activity: 'completed', type: 'jobCompleted', activityTo: { uteName: 'Blue HiLux', jobName: 'Move a couch' } }))).toBe(
        'Olivia Nguyen completed the job Move a couch using the UTE Blue HiLux.',
      );
      expect(activitySentence(record({ activity: 'completed', response: 'Red Ranger', activityTo: { jobName: 'Tip run' } }))).toBe(
        'Olivia Nguyen completed the job Tip run using the UTE Red Ranger.',
      );
    });
  });

  it('gives the generic sentence for an unknown type, with hyphens as spaces', () => {
    expect(activitySentence(record({ activity: 'password-changed-by-owner' }))).toBe('Olivia Nguyen performed the activity password changed by owner.');
    expect(activitySentence(record({ activity: 'other', response: 'REQ-000001' }))).toBe('Olivia Nguyen performed the activity other.');
  });

  it('has a sentence for every type of the contract, none of them empty', () => {
    for (const activity of ACTIVITY_TYPES) {
      expect(activitySentence(record({ activity }))).toMatch(/^Olivia Nguyen('s)? \S/);
    }
  });

  it('reads N/A for missing values instead of "undefined"', () => {
    const sentence = activitySentence(record({ activity: 'create-ute-booking', activityTo: null }));
    expect(sentence).toBe('Olivia Nguyen booked the UTE N/A for N/A.');
    expect(activitySentence(record({ activity: 'ute-accept-booking', response: { firstName: 'Jack', lastName: 'Smith' }, activityTo: null }))).toBe(
      'Olivia Nguyen accepted the booking request for Jack Smith from N/A.',
    );
  });

  it('falls back to the page user, then to Unknown User, when the record has no name', () => {
    expect(activitySentence(record({ activity: 'logged-in', activityBy: null }), 'Jack Smith')).toBe('Jack Smith logged in.');
    expect(activitySentence(record({ activity: 'logged-in', activityBy: null }))).toBe('Unknown User logged in.');
    expect(activityPersonName({ activityBy: { firstName: ' ', lastName: '' } })).toBe('Unknown User');
  });
});

describe('activityLabel and activityTimeOf', () => {
  it('replaces every hyphen with a space', () => {
    expect(activityLabel('initiate-stripe-ute-payment')).toBe('initiate stripe ute payment');
    expect(activityLabel('uteOwner-apply-for-job')).toBe('uteOwner apply for job');
  });
  it('takes the time from the key holding AM or PM', () => {
    expect(activityTimeOf({ '10:32 AM': {} })).toBe('10:32 AM');
    expect(activityTimeOf({ '9:05 PM': {} })).toBe('9:05 PM');
    expect(activityTimeOf({ other: {} })).toBe('');
  });
});
