/**
 * Writes an Australian Direct Entry file ("ABA" / "Cemtex") that pays owners by bank transfer: one credit
 * (transaction code 53, "pay") per owner, drawn on the platform's own account (the trace account).
 *
 * A file is fixed-width text: a descriptive record (type 0), one detail record (type 1) per transaction and a
 * file total record (type 7), each exactly 120 characters. Column positions below are 1-based, as in the sources:
 * - https://www.cemtexaba.com/aba-format/cemtex-aba-file-format-details (the field tables; the example file is on
 *   https://www.cemtexaba.com/aba-format/aba-file-overview and is reproduced in aba.test.ts)
 * - Westpac, "Corporate Online: Australian Direct Entry file format" (December 2006),
 *   https://docslib.org/doc/4990540/corporate-online-australian-direct-entry-file-format
 * - https://abafile.net/aba-file-format (named in our money notes; its text could not be fetched when this was
 *   written, so the columns were checked against the other sources listed here)
 * - open-source writers compared field by field: npm aba-generator (github.com/flash-oss/aba-generator), the Ruby gem
 *   aba (github.com/zeptofs/aba, also the BECS character set) and Odoo's l10n_au_aba (the self-balancing record).
 *
 * No dependencies: the file is plain ASCII text, built and checked here.
 */

/** Every record is 120 characters, not counting its line ending. */
export const ABA_RECORD_WIDTH = 120;

/**
 * The sources ask for Windows line endings, and the Westpac guide puts a terminator "at the end of each record", so
 * the last record (type 7) ends with CRLF too (as Odoo's writer does); a file without it is also accepted by banks.
 */
export const ABA_LINE_ENDING = '\r\n';

/** Amounts and totals are 10 digits of cents, so at most $99,999,999.99 (cemtexaba: "Right justified, zero filled"). */
export const ABA_MAX_AMOUNT_CENTS = 9_999_999_999;

/** The type 7 record counts the type 1 records in 6 digits. */
const MAX_DETAIL_RECORDS = 999_999;

/** Transaction codes (cemtexaba "Transaction Codes"): 53 = pay (a credit), 13 = externally initiated debit. */
const PAY_CODE = '53';
const DEBIT_CODE = '13';

export interface AbaHeader {
  /** The user's financial institution, 3 letters, e.g. "CBA", "WBC", "NAB", "ANZ". */
  bankAbbreviation: string;
  /** APCA user name ("User Preferred Specification" the bank gave us), cut to 26 characters. */
  userName: string;
  /** APCA user identification number, 6 digits. */
  userId: string;
  /** Description of the entries, e.g. "PAYOUTS", cut to 12 characters. */
  description: string;
  /** The day the bank releases the payments, written as DDMMYY in Australia/Sydney time. */
  processingDate: Date;
  /** Reel sequence number, 1 to 99; 1 unless the bank says otherwise. */
  reelSequence?: number;
}

/** One payment to an owner. */
export interface AbaCredit {
  bsb: string;
  /** 5 to 9 digits (our product's rule). */
  accountNumber: string;
  /** Title of the owner's account, cut to 32 characters. */
  accountName: string;
  /** A positive whole number of cents. */
  amountCents: number;
  /** Shown on the owner's statement, cut to 18 characters. */
  lodgementReference: string;
}

/** The platform's own account: the payments are drawn on it and returned to it if they fail. */
export interface AbaTrace {
  bsb: string;
  accountNumber: string;
  /** Name of remitter, shown on the owner's statement, cut to 16 characters. */
  remitterName: string;
}

export interface AbaFileInput {
  header: AbaHeader;
  trace: AbaTrace;
  credits: readonly AbaCredit[];
  /**
   * Some banks want the file to balance (e.g. HSBC and Bankwest, per
   * https://docs.infor.com/csi/2024.x/en-us/csbiolh/financials_user_cl_sl/lsm1454143877478.html); most do not.
   * When true, a last type 1 record debits the trace account (code 13) for the sum of the credits, so the debit
   * total equals the credit total, the net total is 0 and the record count includes it. Ask the bank.
   */
  balancingRecord: boolean;
}

/** A type 1 record once its inputs are checked and reduced to the ABA character set. */
interface DetailRecord {
  bsb: string;
  accountNumber: string;
  transactionCode: typeof PAY_CODE | typeof DEBIT_CODE;
  amountCents: number;
  accountName: string;
  lodgementReference: string;
}

interface CheckedTrace {
  bsb: string;
  accountNumber: string;
  remitterName: string;
}

// ---------------------------------------------------------------------------------------------------------------
// BSBs and account numbers
// ---------------------------------------------------------------------------------------------------------------

const BSB_PATTERN = /^(\d{3})-?(\d{3})$/;

export function isValidBsb(input: string): boolean {
  return BSB_PATTERN.test(input.trim());
}

/** "062000" or "062-000" (spaces around it ignored) as the record writes it: "062-000". */
export function formatBsb(input: string): string {
  const match = BSB_PATTERN.exec(input.trim());
  if (!match) throw new Error(`BSB "${input}" must be 6 digits, written 123456 or 123-456`);
  return `${match[1]}-${match[2]}`;
}

/** 5 to 9 digits and not all zeros (the sources: "Must not contain all blanks ... or zeros"). */
export function isValidAccountNumber(input: string): boolean {
  const digits = input.trim();
  return /^\d{5,9}$/.test(digits) && !/^0+$/.test(digits);
}

function checkedAccountNumber(input: string): string {
  if (!isValidAccountNumber(input)) throw new Error(`account number "${input}" must be 5 to 9 digits, not all zeros`);
  return input.trim();
}

// ---------------------------------------------------------------------------------------------------------------
// Text: the BECS character set
// ---------------------------------------------------------------------------------------------------------------

/**
 * The BECS character set (as the zeptofs/aba gem checks it): letters, digits, space and & ' ( ) * + , - . / : ; = ?
 * ! # $ % @ [ ] ^ _. Lower case is part of it, so names keep their case.
 */
const OUTSIDE_BECS = /[^A-Za-z0-9 &'()*+,\-./:;=?!#$%@[\]^_]/gu;

/**
 * Reduces free text to the BECS character set, so it stays one ASCII byte a character and never shifts the fixed
 * columns: accents are dropped ("Zoë" → "Zoe"), curly quotes and dashes become ' and -, anything else becomes a
 * space; runs of spaces are collapsed and the ends trimmed, since the fields are left-justified.
 */
export function toAbaText(input: string): string {
  return input
    .replace(/[\u2018\u2019\u201B\u2032]/gu, "'")
    .replace(/[\u2010-\u2015\u2212]/gu, '-')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(OUTSIDE_BECS, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** Fields the sources mark "Must not be all blanks". */
function requiredText(input: string, field: string): string {
  const text = toAbaText(input);
  if (text === '') throw new Error(`${field} "${input}" is blank once reduced to the ABA character set`);
  return text;
}

// ---------------------------------------------------------------------------------------------------------------
// Amounts and dates
// ---------------------------------------------------------------------------------------------------------------

function checkedAmount(amountCents: number): number {
  if (!Number.isInteger(amountCents) || amountCents < 1 || amountCents > ABA_MAX_AMOUNT_CENTS) {
    throw new Error(`amount ${amountCents} must be a whole number of cents from 1 to ${ABA_MAX_AMOUNT_CENTS}`);
  }
  return amountCents;
}

const sydneyDate = new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Sydney', day: '2-digit', month: '2-digit', year: '2-digit' });

/** DDMMYY of the day it is in Sydney at that instant (the banks' calendar, not the server's). */
function sydneyDdMmYy(date: Date): string {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) throw new Error(`processing date "${String(date)}" is not a valid date`);
  const parts = Object.fromEntries(sydneyDate.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.day}${parts.month}${parts.year}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Fixed-width fields
// ---------------------------------------------------------------------------------------------------------------

/** Left-justified, blank-filled; longer text is cut, never allowed to overflow into the next field. */
function leftText(text: string, width: number): string {
  return text.slice(0, width).padEnd(width, ' ');
}

/** Right-justified, blank-filled (account numbers). Callers have checked the width. */
function rightText(text: string, width: number): string {
  return text.padStart(width, ' ');
}

/** Right-justified, zero-filled. A number is never cut: too many digits is an error. */
function zeroFilled(value: number, width: number): string {
  const digits = String(value);
  if (!/^\d+$/.test(digits) || digits.length > width) throw new Error(`${value} does not fit ${width} digits`);
  return digits.padStart(width, '0');
}

function blanks(width: number): string {
  return ' '.repeat(width);
}

/** Joins a record's fields and checks the one rule every record shares: 120 printable ASCII characters. */
function record(fields: string[]): string {
  const text = fields.join('');
  if (text.length !== ABA_RECORD_WIDTH || !/^[\x20-\x7E]*$/.test(text)) {
    throw new Error(`internal error: an ABA record must be ${ABA_RECORD_WIDTH} printable ASCII characters, got ${text.length}: "${text}"`);
  }
  return text;
}

// ---------------------------------------------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------------------------------------------

/** Type 0, the descriptive record. */
function descriptiveRecord(header: AbaHeader): string {
  const bank = header.bankAbbreviation.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(bank)) throw new Error(`bank abbreviation "${header.bankAbbreviation}" must be 3 letters, e.g. CBA`);
  const userId = header.userId.trim();
  if (!/^\d{6}$/.test(userId)) throw new Error(`APCA user id "${header.userId}" must be 6 digits`);
  const reel = header.reelSequence ?? 1;
  if (!Number.isInteger(reel) || reel < 1 || reel > 99) throw new Error(`reel sequence ${reel} must be a whole number from 1 to 99`);
  return record([
    '0', // 1 record type
    blanks(17), // 2-18
    zeroFilled(reel, 2), // 19-20 reel sequence number
    bank, // 21-23 user's financial institution
    blanks(7), // 24-30
    leftText(requiredText(header.userName, 'user name'), 26), // 31-56 APCA user name
    userId, // 57-62 APCA user id
    leftText(requiredText(header.description, 'description'), 12), // 63-74 description of entries
    sydneyDdMmYy(header.processingDate), // 75-80 date to be processed, DDMMYY
    blanks(40), // 81-120
  ]);
}

/** Type 1, a detail record; the trace fields say where a failed payment goes back to. */
function detailRecord(detail: DetailRecord, trace: CheckedTrace): string {
  return record([
    '1', // 1 record type
    detail.bsb, // 2-8 BSB, XXX-XXX
    rightText(detail.accountNumber, 9), // 9-17 account number
    ' ', // 18 indicator: blank (no withholding, no change of details)
    detail.transactionCode, // 19-20 transaction code
    zeroFilled(detail.amountCents, 10), // 21-30 amount in cents
    leftText(detail.accountName, 32), // 31-62 title of account
    leftText(detail.lodgementReference, 18), // 63-80 lodgement reference
    trace.bsb, // 81-87 trace record BSB
    rightText(trace.accountNumber, 9), // 88-96 trace account number
    leftText(trace.remitterName, 16), // 97-112 name of remitter
    zeroFilled(0, 8), // 113-120 withholding tax: none on payouts
  ]);
}

/** Type 7, the file total record. The net total is unsigned: the difference between credits and debits. */
function fileTotalRecord(details: readonly DetailRecord[]): string {
  const creditTotal = sumCents(details, PAY_CODE);
  const debitTotal = sumCents(details, DEBIT_CODE);
  return record([
    '7', // 1 record type
    '999-999', // 2-8 BSB format filler
    blanks(12), // 9-20
    zeroFilled(Math.abs(creditTotal - debitTotal), 10), // 21-30 net total
    zeroFilled(creditTotal, 10), // 31-40 credit total
    zeroFilled(debitTotal, 10), // 41-50 debit total
    blanks(24), // 51-74
    zeroFilled(details.length, 6), // 75-80 count of type 1 records
    blanks(40), // 81-120
  ]);
}

function sumCents(details: readonly DetailRecord[], transactionCode: DetailRecord['transactionCode']): number {
  return details.filter((detail) => detail.transactionCode === transactionCode).reduce((total, detail) => total + detail.amountCents, 0);
}

// ---------------------------------------------------------------------------------------------------------------
// Checking the inputs
// ---------------------------------------------------------------------------------------------------------------

/** Runs a check and prefixes its error with where the bad value is, e.g. "credit 3: BSB ...". */
function at<T>(where: string, check: () => T): T {
  try {
    return check();
  } catch (error) {
    throw new Error(`${where}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

function checkedTrace(trace: AbaTrace): CheckedTrace {
  return {
    bsb: formatBsb(trace.bsb),
    accountNumber: checkedAccountNumber(trace.accountNumber),
    remitterName: requiredText(trace.remitterName, 'remitter name'),
  };
}

function creditRecord(credit: AbaCredit): DetailRecord {
  return {
    bsb: formatBsb(credit.bsb),
    accountNumber: checkedAccountNumber(credit.accountNumber),
    transactionCode: PAY_CODE,
    amountCents: checkedAmount(credit.amountCents),
    accountName: requiredText(credit.accountName, 'account name'),
    lodgementReference: toAbaText(credit.lodgementReference),
  };
}

/** The debit that makes the file balance: from the trace account, for everything the credits pay out. */
function balancingDebit(header: AbaHeader, trace: CheckedTrace, creditTotal: number): DetailRecord {
  return {
    bsb: trace.bsb,
    accountNumber: trace.accountNumber,
    transactionCode: DEBIT_CODE,
    amountCents: creditTotal,
    accountName: toAbaText(header.userName),
    lodgementReference: toAbaText(header.description),
  };
}

function checkFileLimits(details: readonly DetailRecord[]): void {
  if (details.length > MAX_DETAIL_RECORDS) {
    throw new Error(`file: ${details.length} detail records are more than the ${MAX_DETAIL_RECORDS} a file can count; split the batch`);
  }
  const creditTotal = sumCents(details, PAY_CODE);
  if (creditTotal > ABA_MAX_AMOUNT_CENTS) {
    throw new Error(`file: the credits add up to ${creditTotal} cents, more than the ${ABA_MAX_AMOUNT_CENTS} a file total can hold; split the batch`);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The file
// ---------------------------------------------------------------------------------------------------------------

/**
 * The whole file: type 0, one type 1 per credit (then the balancing debit if asked), type 7, each record followed
 * by CRLF. Throws an Error naming the offending field ("header: ...", "trace: ...", "credit 3: ..." counting from 1).
 */
export function buildAbaFile({ header, trace, credits, balancingRecord }: AbaFileInput): string {
  if (credits.length === 0) throw new Error('credits: an ABA file needs at least one credit');
  const descriptive = at('header', () => descriptiveRecord(header));
  const checkedTraceAccount = at('trace', () => checkedTrace(trace));
  const details = credits.map((credit, index) => at(`credit ${index + 1}`, () => creditRecord(credit)));
  if (balancingRecord) details.push(balancingDebit(header, checkedTraceAccount, sumCents(details, PAY_CODE)));
  checkFileLimits(details);
  const records = [descriptive, ...details.map((detail) => detailRecord(detail, checkedTraceAccount)), fileTotalRecord(details)];
  return records.map((line) => line + ABA_LINE_ENDING).join('');
}
