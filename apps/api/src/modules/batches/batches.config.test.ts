import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../plugins/config';

describe("the ABA file's settings (ABA_*)", () => {
  it('has demo defaults a bank would refuse, and takes the bank abbreviation in any case', () => {
    const config = loadConfig({ ABA_BANK_ABBREVIATION: 'wbc' });
    expect(config).toMatchObject({
      ABA_BANK_ABBREVIATION: 'WBC',
      ABA_USER_ID: '301500',
      ABA_USER_NAME: 'Ute Share Pty Ltd',
      ABA_DESCRIPTION: 'PAYOUTS',
      ABA_REMITTER_NAME: 'UTE SHARE',
      ABA_TRACE_BSB: '062-000',
      ABA_TRACE_ACCOUNT: '12345678',
      ABA_BALANCING_RECORD: false,
    });
  });

  it.each([
    ['ABA_BANK_ABBREVIATION', 'CBAX', 'ABA_BANK_ABBREVIATION must be the 3 letters of the bank'],
    ['ABA_USER_ID', '12345', 'ABA_USER_ID must be the 6-digit APCA user id'],
    ['ABA_TRACE_BSB', '06200', 'ABA_TRACE_BSB must be 6 digits'],
    ['ABA_TRACE_ACCOUNT', '1234', 'ABA_TRACE_ACCOUNT must be 5 to 9 digits'],
    ['ABA_USER_NAME', '  ', 'ABA_USER_NAME must not be empty'],
  ])('stops the start on a bad %s, saying why', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
