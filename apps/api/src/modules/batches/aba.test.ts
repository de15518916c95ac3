import { describe, expect, it } from 'vitest';
import { buildAbaFile, formatBsb, isValidAccountNumber, isValidBsb, toAbaText, type AbaCredit, type AbaFileInput } from './aba';

/** The records of a file, checking that every one of them (the last too) ends with CRLF. */
function recordsOf(file: string): string[] {
  expect(file.endsWith('\r\n')).toBe(true);
  return file.slice(0, -2).split('\r\n');
}

/** Columns `from`-`to` of a record, 1-based and inclusive as the format's descriptions number them. */
function columns(record: string, from: number, to: number): string {
  return record.slice(from - 1, to);
}

const credit = (overrides: Partial<AbaCredit> = {}): AbaCredit => ({
  bsb: '062-000',
  accountNumber: '87654321',
  accountName: 'Jane Owner',
  amountCents: 12_345,
  lodgementReference: 'UTE PAYOUT 1',
  ...overrides,
});

const input = (overrides: Partial<AbaFileInput> = {}): AbaFileInput => ({
  header: {
    bankAbbreviation: 'CBA',
    userName: 'Ute Share Pty Ltd',
    userId: '301500',
    description: 'PAYOUTS',
    processingDate: new Date('2026-07-01T09:00:00+10:00'),
  },
  trace: { bsb: '062-000', accountNumber: '12345678', remitterName: 'UTE SHARE' },
  credits: [credit()],
  balancingRecord: false,
  ...overrides,
});

describe('buildAbaFile against published files', () => {
  // The example file published on https://www.cemtexaba.com/aba-format/aba-file-overview (the same records appear on
  // https://cemtexaba.com/aba-format and http://www.bluechilli.com/software/apps/cemtex-aba-file/aba-file-format.html),
  // copied here record by record, exactly as the page prints them.
  const PUBLISHED_EXAMPLE = [
    '0                 01BQL       MY NAME                   1111111004231633  230410',
    '1000-000157108231 530000001234S R SMITH                       TEST BATCH        062-000 12223123MY ACCOUNT      00001200',
    '1000-000 12312312 530000002200J K MATTHEWS                    TEST BATCH        062-000 12223123MY ACCOUNT      00000030',
    '1000-000   125123 530003123513P R JONES                       TEST BATCH        062-000 12223123MY ACCOUNT      00000000',
    '1000-000    11422 530000002300S MASLIN                        TEST BATCH        062-000 12223123MY ACCOUNT      00000000',
    '7999-999            000312924700031292470000000000                        000004',
  ];

  // The example's data, read back from its columns.
  const exampleFile = () =>
    buildAbaFile({
      header: {
        bankAbbreviation: 'BQL',
        userName: 'MY NAME',
        userId: '111111',
        description: '1004231633',
        processingDate: new Date('2010-04-23T00:00:00+10:00'),
      },
      trace: { bsb: '062-000', accountNumber: '12223123', remitterName: 'MY ACCOUNT' },
      credits: [
        { bsb: '000-000', accountNumber: '157108231', accountName: 'S R SMITH', amountCents: 1_234, lodgementReference: 'TEST BATCH' },
        { bsb: '000-000', accountNumber: '12312312', accountName: 'J K MATTHEWS', amountCents: 2_200, lodgementReference: 'TEST BATCH' },
        { bsb: '000-000', accountNumber: '125123', accountName: 'P R JONES', amountCents: 3_123_513, lodgementReference: 'TEST BATCH' },
        { bsb: '000-000', accountNumber: '11422', accountName: 'S MASLIN', amountCents: 2_300, lodgementReference: 'TEST BATCH' },
      ],
      balancingRecord: false,
    });

  it('reproduces the published cemtexaba.com example record by record', () => {
    // Two differences from the page, both on purpose: (1) the page drops the trailing blanks of the type 0 and
    // type 7 records, which the format fills to column 120; (2) its first two credits carry a withholding tax
    // (00001200, 00000030) with a blank indicator, which the format forbids (a W, X or Y indicator must go with it)
    // and which payouts never have: the module always writes 00000000 in columns 113-120.
    const expected = PUBLISHED_EXAMPLE.map((published) => published.padEnd(120, ' ')).map((published, index) =>
      index === 1 || index === 2 ? published.slice(0, 112) + '00000000' : published,
    );

    const records = recordsOf(exampleFile());

    expect(records).toHaveLength(PUBLISHED_EXAMPLE.length);
    records.forEach((record, index) => expect(record, `record ${index + 1}`).toBe(expected[index]));
  });

  it('matches the published example character for character in columns 1-112 of every record', () => {
    const records = recordsOf(exampleFile());

    records.forEach((record, index) => expect(columns(record, 1, 112).trimEnd(), `record ${index + 1}`).toBe(PUBLISHED_EXAMPLE[index].slice(0, 112).trimEnd()));
  });

  it('reproduces the descriptive and detail records of the aba Ruby gem spec exactly', () => {
    // https://github.com/zeptofs/aba/blob/master/spec/lib/aba/batch_spec.rb ("without bsb" and "should contain transactions records").
    const records = recordsOf(
      buildAbaFile({
        header: {
          bankAbbreviation: 'WPC',
          userName: 'John Doe',
          userId: '466364',
          description: 'Payroll',
          processingDate: new Date('2015-06-19T09:00:00+10:00'),
        },
        trace: { bsb: '453-543', accountNumber: '45656733', remitterName: 'Remitter' },
        credits: [{ bsb: '342-342', accountNumber: '3244654', accountName: 'John Doe', amountCents: 30, lodgementReference: 'R435564' }],
        balancingRecord: false,
      }),
    );

    expect(records[0]).toBe('0                 01WPC       John Doe                  466364Payroll     190615                                        ');
    expect(records[1]).toBe('1342-342  3244654 530000000030John Doe                        R435564           453-543 45656733Remitter        00000000');
  });
});

describe('buildAbaFile records', () => {
  const messyCredits = [
    credit({ accountName: 'Zoë O’Brien-Smith', lodgementReference: 'Payout #12 – July' }),
    credit({ accountName: '李小龍 Bruce Lee', lodgementReference: 'réf: 🚚 2026/07' }),
    credit({ accountName: 'Ms Zoë Ångström-Fernández de la Peña y Ibáñez Holdings', lodgementReference: 'A reference far longer than eighteen' }),
  ];

  it('writes every record as exactly 120 printable ASCII characters, each followed by CRLF', () => {
    const file = buildAbaFile(input({ credits: messyCredits, balancingRecord: true }));
    const records = recordsOf(file);

    expect(records.map((record) => record[0])).toEqual(['0', '1', '1', '1', '1', '7']);
    for (const record of records) expect(record).toMatch(/^[\x20-\x7E]{120}$/);
    expect(Buffer.byteLength(file, 'utf8')).toBe(file.length);
    expect(file).toBe(records.map((record) => `${record}\r\n`).join(''));
  });

  it('writes BSBs with the hyphen and account numbers right-justified in 9 blank-filled columns', () => {
    const [, detail] = recordsOf(buildAbaFile(input({ credits: [credit({ bsb: ' 062000 ', accountNumber: '12345' })] })));

    expect(columns(detail, 2, 8)).toBe('062-000');
    expect(columns(detail, 9, 17)).toBe('    12345');
    expect(columns(detail, 18, 20)).toBe(' 53');
    expect(columns(detail, 81, 96)).toBe('062-000 12345678');
    expect(columns(detail, 113, 120)).toBe('00000000');
  });

  it('writes the header fields in their columns, upper-casing the bank abbreviation', () => {
    const [descriptive] = recordsOf(buildAbaFile(input({ header: { ...input().header, bankAbbreviation: 'cba', reelSequence: 2 } })));

    expect(columns(descriptive, 1, 30)).toBe('0                 02CBA       ');
    expect(columns(descriptive, 31, 56)).toBe('Ute Share Pty Ltd'.padEnd(26));
    expect(columns(descriptive, 57, 80)).toBe('301500PAYOUTS     010726');
    expect(columns(descriptive, 81, 120)).toBe(' '.repeat(40));
  });
});

describe('buildAbaFile totals', () => {
  it('writes the credit total, a zero debit total, the net total and the count of type 1 records', () => {
    const amounts = [12_345, 1, 500_000_00];
    const records = recordsOf(buildAbaFile(input({ credits: amounts.map((amountCents) => credit({ amountCents })) })));
    const total = records.at(-1)!;

    expect(columns(total, 1, 20)).toBe('7999-999            ');
    expect(columns(total, 21, 30)).toBe('0050012346'); // net = credits - debits
    expect(columns(total, 31, 40)).toBe('0050012346');
    expect(columns(total, 41, 50)).toBe('0000000000');
    expect(columns(total, 51, 74)).toBe(' '.repeat(24));
    expect(columns(total, 75, 80)).toBe('000003');
    expect(columns(total, 81, 120)).toBe(' '.repeat(40));
    expect(records.slice(1, -1).map((record) => columns(record, 21, 30))).toEqual(['0000012345', '0000000001', '0050000000']);
  });

  it('accepts an amount and a total of exactly 9999999999 cents', () => {
    const total = recordsOf(buildAbaFile(input({ credits: [credit({ amountCents: 9_999_999_998 }), credit({ amountCents: 1 })] }))).at(-1)!;

    expect(columns(total, 31, 40)).toBe('9999999999');
  });

  it('refuses credits whose total does not fit the 10 digits of the file total record', () => {
    const credits = [credit({ amountCents: 9_999_999_999 }), credit({ amountCents: 1 })];

    expect(() => buildAbaFile(input({ credits }))).toThrow('file: the credits add up to 10000000000 cents');
  });

  it('refuses a file without credits', () => {
    expect(() => buildAbaFile(input({ credits: [] }))).toThrow('credits: an ABA file needs at least one credit');
  });
});

describe('buildAbaFile balancing record', () => {
  const credits = [credit({ amountCents: 1_000 }), credit({ amountCents: 2_345 })];

  it('adds a last type 1 record debiting the trace account (code 13) for the sum of the credits', () => {
    const records = recordsOf(buildAbaFile(input({ credits, balancingRecord: true })));

    expect(records).toHaveLength(5);
    expect(records[3]).toBe(
      '1062-000 12345678 130000003345' + 'Ute Share Pty Ltd'.padEnd(32) + 'PAYOUTS'.padEnd(18) + '062-000 12345678' + 'UTE SHARE'.padEnd(16) + '00000000',
    );
  });

  it('balances the file: net total 0, debit total equal to the credit total, the debit counted', () => {
    const total = recordsOf(buildAbaFile(input({ credits, balancingRecord: true }))).at(-1)!;

    expect(columns(total, 21, 30)).toBe('0000000000');
    expect(columns(total, 31, 40)).toBe('0000003345');
    expect(columns(total, 41, 50)).toBe('0000003345');
    expect(columns(total, 75, 80)).toBe('000003');
  });

  it('writes no debit when the option is off', () => {
    const records = recordsOf(buildAbaFile(input({ credits, balancingRecord: false })));

    expect(records).toHaveLength(4);
    expect(records.slice(1, -1).map((record) => columns(record, 19, 20))).toEqual(['53', '53']);
    expect(columns(records.at(-1)!, 21, 50)).toBe('000000334500000033450000000000');
  });
});

describe('BSBs', () => {
  it.each([
    ['062-000', '062-000'],
    ['062000', '062-000'],
    ['  062-000  ', '062-000'],
  ])('accepts %j and writes it as %s', (bsb, written) => {
    expect(isValidBsb(bsb)).toBe(true);
    expect(formatBsb(bsb)).toBe(written);
  });

  it.each(['06200', '0620000', 'abc-def', '', '062 000', '06-2000'])('refuses %j with an error naming it', (bsb) => {
    expect(isValidBsb(bsb)).toBe(false);
    expect(() => formatBsb(bsb)).toThrow(`BSB "${bsb}" must be 6 digits`);
  });

  it('names the credit whose BSB is wrong, counting from 1', () => {
    const credits = [credit(), credit(), credit({ bsb: '12-3456' })];

    expect(() => buildAbaFile(input({ credits }))).toThrow('credit 3: BSB "12-3456" must be 6 digits');
  });

  it('names the trace account when its BSB is wrong', () => {
    expect(() => buildAbaFile(input({ trace: { ...input().trace, bsb: '0620' } }))).toThrow('trace: BSB "0620" must be 6 digits');
  });
});

describe('account numbers', () => {
  it.each(['12345', '123456789', '000123456', ' 1234567 '])('accepts %j', (accountNumber) => {
    expect(isValidAccountNumber(accountNumber)).toBe(true);
  });

  it.each(['1234', '1234567890', '12-345678', 'abcdef', '', '00000'])('refuses %j', (accountNumber) => {
    expect(isValidAccountNumber(accountNumber)).toBe(false);
  });

  it('names the credit and the trace account whose account number is wrong', () => {
    expect(() => buildAbaFile(input({ credits: [credit(), credit({ accountNumber: '1234' })] }))).toThrow(
      'credit 2: account number "1234" must be 5 to 9 digits',
    );
    expect(() => buildAbaFile(input({ trace: { ...input().trace, accountNumber: '1234567890' } }))).toThrow(
      'trace: account number "1234567890" must be 5 to 9 digits',
    );
  });
});

describe('text fields', () => {
  it.each([
    ["Zoë O'Brien-Smith", "Zoe O'Brien-Smith"],
    ['O’Neil – Smith', "O'Neil - Smith"],
    ['  lots   of\tspace \n', 'lots of space'],
    ['Renée 🚚 Dubois', 'Renee Dubois'],
    ['ﬁnance', 'finance'],
    ['"quoted" <tag>', 'quoted tag'],
    ['Smith & Co. (Pty) Ltd #3', 'Smith & Co. (Pty) Ltd #3'],
  ])('reduces %j to the ABA character set as %j', (text, reduced) => {
    expect(toAbaText(text)).toBe(reduced);
  });

  it('writes an accented name without its accents, keeping the fixed columns', () => {
    const [, detail] = recordsOf(buildAbaFile(input({ credits: [credit({ accountName: "Zoë O'Brien-Smith" })] })));

    expect(columns(detail, 31, 62)).toBe("Zoe O'Brien-Smith".padEnd(32));
    expect(columns(detail, 63, 80)).toBe('UTE PAYOUT 1'.padEnd(18));
  });

  it('cuts a long accented name, reference and remitter to their widths without touching the next field', () => {
    const file = buildAbaFile(
      input({
        trace: { ...input().trace, remitterName: 'Ute Share Marketplace Payments' },
        credits: [credit({ accountName: 'Zoë Ångström-Fernández de la Peña y Ibáñez Holdings', lodgementReference: 'Payout for bookings 123, 124 and 125' })],
      }),
    );
    const [, detail] = recordsOf(file);

    expect(detail).toHaveLength(120);
    expect(columns(detail, 31, 62)).toBe('Zoe Angstrom-Fernandez de la Pen');
    expect(columns(detail, 63, 80)).toBe('Payout for booking');
    expect(columns(detail, 81, 87)).toBe('062-000');
    expect(columns(detail, 97, 112)).toBe('Ute Share Market');
    expect(columns(detail, 113, 120)).toBe('00000000');
  });

  it('refuses a required name that is blank once reduced to the character set', () => {
    expect(() => buildAbaFile(input({ credits: [credit({ accountName: '李小龍' })] }))).toThrow('credit 1: account name "李小龍" is blank');
    expect(() => buildAbaFile(input({ header: { ...input().header, userName: '   ' } }))).toThrow('header: user name "   " is blank');
    expect(() => buildAbaFile(input({ trace: { ...input().trace, remitterName: '' } }))).toThrow('trace: remitter name "" is blank');
  });
});

describe('amounts', () => {
  it.each([0, -100, 12.5, 10_000_000_000, Number.NaN, Number.POSITIVE_INFINITY])('refuses an amount of %s cents, naming the credit', (amountCents) => {
    const credits = [credit(), credit({ amountCents })];

    expect(() => buildAbaFile(input({ credits }))).toThrow(`credit 2: amount ${amountCents} must be a whole number of cents from 1 to 9999999999`);
  });
});

describe('header', () => {
  it.each([
    ['2026-06-30T15:00:00Z', '010726'], // 1 am on 1 July in Sydney (AEST, UTC+10), still 30 June in UTC
    ['2026-06-30T13:59:59Z', '300626'], // 11:59:59 pm on 30 June in Sydney
    ['2026-12-31T13:30:00Z', '010127'], // 12:30 am on 1 January in Sydney (AEDT, UTC+11)
  ])('writes the processing date %s as %s, the day it is in Sydney', (instant, ddmmyy) => {
    const [descriptive] = recordsOf(buildAbaFile(input({ header: { ...input().header, processingDate: new Date(instant) } })));

    expect(columns(descriptive, 75, 80)).toBe(ddmmyy);
  });

  it.each([
    [{ bankAbbreviation: 'CB' }, 'header: bank abbreviation "CB" must be 3 letters'],
    [{ bankAbbreviation: 'C8A' }, 'header: bank abbreviation "C8A" must be 3 letters'],
    [{ userId: '12345' }, 'header: APCA user id "12345" must be 6 digits'],
    [{ userId: '12345a' }, 'header: APCA user id "12345a" must be 6 digits'],
    [{ description: '★★' }, 'header: description "★★" is blank'],
    [{ processingDate: new Date('not a date') }, 'header: processing date "Invalid Date" is not a valid date'],
    [{ reelSequence: 0 }, 'header: reel sequence 0 must be a whole number from 1 to 99'],
    [{ reelSequence: 100 }, 'header: reel sequence 100 must be a whole number from 1 to 99'],
  ])('refuses %j', (change, message) => {
    expect(() => buildAbaFile(input({ header: { ...input().header, ...change } }))).toThrow(message);
  });
});
