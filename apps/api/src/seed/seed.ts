import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../db/database';
import * as t from '../db/schema';
import type { FileArea, FileStorage } from '../platform/storage/fileStorage';
import { makeDemoPng } from './png';

/** Deterministic pseudo-random numbers (mulberry32), so the same seed gives the same data. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let r = state;
    r = Math.imul(r ^ (r >>> 15), r | 1);
    r ^= r + Math.imul(r ^ (r >>> 7), r | 61);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}

const FIRST_NAMES = [
  'Olivia',
  'Jack',
  'Charlotte',
  'Noah',
  'Mia',
  'William',
  'Amelia',
  'Oliver',
  'Isla',
  'Thomas',
  'Chloe',
  'Lachlan',
  'Grace',
  'Liam',
  'Ruby',
  'Cooper',
  'Zoe',
  'Harrison',
  'Matilda',
  'Lucas',
  'Sienna',
  'Ethan',
  'Ella',
  'Riley',
  'Harper',
  'Angus',
  'Sophie',
  'Hamish',
  'Evie',
  'Archie',
];
const LAST_NAMES = [
  'Smith',
  'Jones',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Nguyen',
  'Johnson',
  'Martin',
  'White',
  'Anderson',
  'Walker',
  'Thompson',
  'Harris',
  'Lee',
  'Ryan',
  'Robinson',
  'Kelly',
  'King',
  'Murphy',
  'Campbell',
  'Clarke',
  'Mitchell',
  'Young',
  'Wright',
  'Hughes',
  'Edwards',
  "O'Brien",
  'Chen',
  'Patel',
];
const CITIES = [
  { city: 'Sydney', state: 'NSW', postcode: '2000' },
  { city: 'Parramatta', state: 'NSW', postcode: '2150' },
  { city: 'Newcastle', state: 'NSW', postcode: '2300' },
  { city: 'Wollongong', state: 'NSW', postcode: '2500' },
  { city: 'Melbourne', state: 'VIC', postcode: '3000' },
  { city: 'Geelong', state: 'VIC', postcode: '3220' },
  { city: 'Ballarat', state: 'VIC', postcode: '3350' },
  { city: 'Brisbane', state: 'QLD', postcode: '4000' },
  { city: 'Gold Coast', state: 'QLD', postcode: '4217' },
  { city: 'Townsville', state: 'QLD', postcode: '4810' },
  { city: 'Perth', state: 'WA', postcode: '6000' },
  { city: 'Fremantle', state: 'WA', postcode: '6160' },
  { city: 'Adelaide', state: 'SA', postcode: '5000' },
  { city: 'Hobart', state: 'TAS', postcode: '7000' },
  { city: 'Launceston', state: 'TAS', postcode: '7250' },
  { city: 'Canberra', state: 'ACT', postcode: '2600' },
  { city: 'Darwin', state: 'NT', postcode: '0800' },
] as const;
const STREETS = [
  'George St',
  'Collins St',
  'Queen St',
  'Hay St',
  'King William St',
  'Elizabeth St',
  'Pitt St',
  'Swanston St',
  'Ann St',
  'Murray St',
  'Flinders St',
  'Bourke St',
  'Station Rd',
  'High St',
  'Beach Rd',
];
const BANKS = [
  { name: 'Commonwealth Bank', bsb: '062-000' },
  { name: 'Westpac', bsb: '032-001' },
  { name: 'ANZ', bsb: '012-003' },
  { name: 'NAB', bsb: '083-004' },
  { name: 'Bendigo Bank', bsb: '633-000' },
  { name: 'Macquarie Bank', bsb: '182-512' },
];
const UTE_MODELS = [
  'Toyota HiLux SR5',
  'Ford Ranger XLT',
  'Isuzu D-Max LS-U',
  'Mitsubishi Triton GLS',
  'Nissan Navara ST-X',
  'Mazda BT-50 XTR',
  'Holden Colorado LTZ',
  'Volkswagen Amarok Highline',
  'GWM Cannon',
  'Toyota LandCruiser 79',
];
const AVAILABILITY = ['Weekdays', 'Weekends', 'Mornings', 'Afternoons', 'Evenings', 'Public holidays'];
const JOB_KINDS = [
  'Furniture removal',
  'Tip run',
  'Garden waste pickup',
  'Building materials delivery',
  'Marketplace pickup',
  'Office move',
  'Appliance delivery',
  'Landscaping supplies',
  'Moving boxes',
  'Bike transport',
];
const SHIFTS = ['Mon 7am-3pm', 'Tue 8am-4pm', 'Wed 9am-5pm', 'Thu 7am-3pm', 'Fri 8am-12pm', 'Sat 9am-1pm', 'Sun 10am-2pm'];
const VEHICLE_TYPES = ['Single cab ute', 'Dual cab ute', 'Ute with cage', 'Tray back ute', 'Ute with trailer'];
const BOOKING_STATUSES = ['pending', 'accepted', 'dispatched', 'delivered', 'completed', 'cancelled'] as const;
const PAYMENT_STATUSES = ['succeeded', 'pending', 'failed', 'inProgress'] as const;
const LISTING_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;
const QUERY_TOPICS = [
  'Hi there, I booked a ute for Saturday but have not heard back from the owner yet, can you help?',
  'How do I change the pickup address on my booking after it has been accepted by the owner?',
  'I was charged twice for the same job booking, please refund the second payment as soon as possible.',
  'Can I list more than one ute under the same account or do I need a separate login for each?',
  'What insurance covers my furniture while it is on the back of the ute during the move?',
  'My payout has not arrived in my bank account, it has been five business days since delivery.',
  'Is there a way to see all the jobs posted in my area this week?',
  'Do owners need a special licence to take jobs across state borders?',
];
const FAQS: [string, string][] = [
  ['How do I hire a ute?', 'Search by city, pick a ute that suits your load, choose a time and book. The owner confirms the booking in the app.'],
  ['How are ute owners paid?', 'Once a booking is delivered, the admin team transfers the amount to the owner by Stripe or to their Australian bank account.'],
  ['Can I cancel a booking?', 'Yes. Bookings can be cancelled before the ute is dispatched. Cancelled bookings are refunded in full.'],
  ['What can I move with a ute?', 'Furniture, appliances, garden waste, building materials and most household items that fit safely on the tray.'],
  ['Do I need to help load?', 'Owners may help, but please arrange helpers for heavy items unless the listing says loading is included.'],
  ['How is the price worked out?', 'Owners set a budget for each listing. Jobs are priced by the poster, and owners apply for them.'],
  ['Is my payment secure?', 'Card payments are handled by Stripe. We never store your card details.'],
  ['What is a BSB?', 'The six-digit code of your Australian bank branch. Owners need it for manual payouts.'],
  ['How do quotes work?', 'Tell us what you are shipping and where; our team replies with a price by email.'],
  ['Who do I contact for help?', 'Use the contact form in the app. Our support team replies by email within one business day.'],
];
const BLOGS: [string, string][] = [
  [
    'Five tips for a stress-free move',
    'Moving house is easier with a plan. Book your ute early, pack heavy items in small boxes, label every box by room, keep a first-night kit handy and check the weather before you go.',
  ],
  [
    'Choosing the right ute for the job',
    'Single cab, dual cab or tray back: the right ute depends on the size of your load, the number of passengers and whether you need a cage or a trailer for bulky goods.',
  ],
  [
    'How owners earn more on weekends',
    'Weekend demand for tip runs and marketplace pickups is high. Owners who list weekend availability and keep their calendars up to date get more bookings.',
  ],
  [
    'Safe loading: straps, nets and weight',
    'Every load must be restrained. Use ratchet straps, a cargo net and stay within the payload rating of the vehicle to keep everyone on the road safe.',
  ],
  [
    'Green waste and tip runs explained',
    'Council tips accept green waste at lower rates. Separate garden waste from general rubbish to save money and help recycling.',
  ],
  [
    'Shipping interstate with a ute',
    'Interstate trips need planning for rest breaks, fuel and border rules. Ask for a quote and we will match you with an experienced owner.',
  ],
  [
    'Meet our top-rated owners',
    'From Hobart to Darwin, our highest rated owners share what makes a great hire: clear communication, punctuality and care with every item.',
  ],
  [
    'What happens after you book',
    'After booking, the owner accepts, dispatches and delivers. You can follow each step in the app and rate the hire at the end.',
  ],
];

/** Demo image files, stored once in the storage of the engine in use (a second run keeps them). */
export async function writeDemoImages(files: FileStorage) {
  const write = async (area: FileArea, name: string, rgb: [number, number, number], w = 96, h = 64) => {
    await files.saveIfAbsent(area, name, makeDemoPng(w, h, rgb));
    return name;
  };
  const palette: [number, number, number][] = [
    [200, 40, 40],
    [40, 90, 200],
    [240, 240, 240],
    [30, 30, 30],
    [230, 160, 20],
    [60, 150, 70],
  ];
  return {
    ute: await Promise.all(palette.map((rgb, i) => write('uteImages', `demo-ute-${i + 1}.png`, rgb))),
    licence: await Promise.all([0, 1, 2].map((i) => write('licences', `demo-licence-${i + 1}.png`, [240, 220, 120 + i * 40], 86, 54))),
    job: await Promise.all(palette.slice(0, 4).map((rgb, i) => write('jobImages', `demo-job-${i + 1}.png`, rgb))),
    blog: await Promise.all(palette.map((rgb, i) => write('blogImages', `demo-blog-${i + 1}.png`, rgb, 120, 80))),
    receipt: await Promise.all([0, 1, 2].map((i) => write('receipts', `demo-receipt-${i + 1}.png`, [250, 250, 250 - i * 20], 60, 90))),
  };
}

async function insertChunked<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][], chunkSize = 1000): Promise<void> {
  for (let i = 0; i < rows.length; i += chunkSize) {
    await db.insert(table).values(rows.slice(i, i + chunkSize));
  }
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from users`);
  return row.count === 0;
}

export interface SeedOptions {
  /** Where the demo images go: createFileStorage for the database being seeded. */
  files: FileStorage;
  scale?: number;
  seed?: number;
  /** Activity rows for the first user, on top of the regular demo activity (benchmarks). */
  heavyActivityRows?: number;
  now?: Date;
}

const pad = (n: number, width = 6) => String(n).padStart(width, '0');
const uuidFrom = (prefix: number, n: number) => `${pad(prefix, 8)}-0000-4000-8000-${pad(n, 12)}`;

/** Realistic Australian demo data in which every state of every entity appears. */
export async function seedDemoData(db: Db, options: SeedOptions) {
  const scale = Math.max(1, Math.floor(options.scale ?? 1));
  const rnd = createRandom(options.seed ?? 20261121);
  const now = options.now ?? new Date();
  const daysAgo = (days: number, minutes = 0) => new Date(now.getTime() - days * 86_400_000 - minutes * 60_000);
  const images = await writeDemoImages(options.files);

  const userCount = 80 * scale;
  const ownerCount = Math.max(30, Math.floor(userCount * 0.4));
  const users: (typeof t.users.$inferInsert)[] = [];
  for (let i = 0; i < userCount; i += 1) {
    const firstName = FIRST_NAMES[i % FIRST_NAMES.length];
    const lastName = LAST_NAMES[(i * 7 + Math.floor(i / FIRST_NAMES.length)) % LAST_NAMES.length];
    const place = rnd.pick(CITIES);
    users.push({
      id: uuidFrom(1, i + 1),
      firstName,
      lastName,
      email: `${firstName}.${lastName}${i + 1}@example.com.au`.toLowerCase().replace(/'/g, ''),
      address: `${rnd.int(1, 400)} ${rnd.pick(STREETS)}, ${place.city} ${place.state} ${place.postcode}`,
      phoneNumber: `04${rnd.int(10, 99)} ${rnd.int(100, 999)} ${rnd.int(100, 999)}`,
      isActive: i % 5 !== 3,
      stripeAccountId: i < ownerCount ? `acct_demo${pad(i + 1, 10)}` : null,
      createdAt: daysAgo(rnd.int(0, 720), rnd.int(0, 1439)),
    });
  }
  await insertChunked(db, t.users, users);
  const ownerIds = users.slice(0, ownerCount).map((u) => u.id!);
  const customerIds = users.slice(ownerCount).map((u) => u.id!);
  const nameOf = (id: string) => {
    const u = users[Number(id.slice(-12)) - 1];
    return `${u.firstName} ${u.lastName}`;
  };

  await insertChunked(
    db,
    t.ownerBankAccounts,
    ownerIds.map((ownerId, i) => {
      const bank = BANKS[i % BANKS.length];
      return {
        ownerId,
        bankName: bank.name,
        bsbCode: bank.bsb,
        accountHolderName: nameOf(ownerId),
        accountNumber: String(10_000_000 + rnd.int(0, 89_999_999)),
      };
    }),
  );

  const uteRows: (typeof t.utes.$inferInsert)[] = [];
  for (let i = 0; i < 60 * scale; i += 1) {
    const ownerId = ownerIds[i % ownerIds.length];
    const place = rnd.pick(CITIES);
    const model = rnd.pick(UTE_MODELS);
    uteRows.push({
      id: uuidFrom(2, i + 1),
      uteId: `UTE-${pad(i + 1)}`,
      ownerId,
      fullName: i % 17 === 16 ? null : `${nameOf(ownerId).split(' ')[0]}'s ${model.split(' ').slice(0, 2).join(' ')}`,
      description:
        i % 9 === 8
          ? null
          : `${model} in ${place.city}, ${rnd.pick(['canopy fitted', 'tray back with sides', 'tow bar and ramps', 'cargo cage and straps'])}. Available for local moves, tip runs and deliveries around ${place.state}.`,
      licenceNumber: i % 13 === 12 ? null : `${place.state}${rnd.int(1000000, 9999999)}`,
      licenceExpireMonth: rnd.int(1, 12),
      licenceExpireYear: rnd.int(2026, 2031),
      serviceCities: [place.city, rnd.pick(CITIES).city].filter((c, idx, all) => all.indexOf(c) === idx),
      state: place.state,
      location: `${rnd.pick(STREETS)}, ${place.city}`,
      uteModel: model,
      chassisNumber: i % 11 === 10 ? null : `MR0${rnd.int(100000, 999999)}AU${rnd.int(1000, 9999)}`,
      availability: AVAILABILITY.filter(() => rnd.chance(0.45)).slice(0, 3),
      budget: rnd.int(60, 450),
      images: i % 10 === 9 ? [] : [images.ute[i % images.ute.length], images.ute[(i + 2) % images.ute.length]],
      licenceImage: images.licence[i % images.licence.length],
      status: LISTING_STATUSES[i % 3],
      createdAt: daysAgo(rnd.int(0, 365), rnd.int(0, 1439)),
    });
  }
  await insertChunked(db, t.utes, uteRows);

  const jobRows: (typeof t.jobs.$inferInsert)[] = [];
  for (let i = 0; i < 40 * scale; i += 1) {
    const from = rnd.pick(CITIES);
    const kind = JOB_KINDS[i % JOB_KINDS.length];
    jobRows.push({
      id: uuidFrom(3, i + 1),
      jobId: `JOB-${pad(i + 1)}`,
      postedBy: customerIds[i % customerIds.length],
      title: `${kind} in ${from.city}`,
      description:
        i % 8 === 7
          ? null
          : `${kind} needed around ${from.city}. ${rnd.pick(['Two helpers on site.', 'Items are boxed and ready.', 'Narrow driveway, small ute preferred.', 'Stairs at pickup.'])}`,
      state: from.state,
      location: `${rnd.int(1, 300)} ${rnd.pick(STREETS)}, ${from.city}`,
      workSchedule: [rnd.pick(SHIFTS), rnd.pick(SHIFTS)].filter((s, idx, all) => all.indexOf(s) === idx),
      budget: rnd.int(50, 900),
      images: i % 6 === 5 ? [] : [images.job[i % images.job.length]],
      status: LISTING_STATUSES[(i + 1) % 3],
      createdAt: daysAgo(rnd.int(0, 300), rnd.int(0, 1439)),
    });
  }
  await insertChunked(db, t.jobs, jobRows);

  const address = () => {
    const place = rnd.pick(CITIES);
    return { street: `${rnd.int(1, 400)} ${rnd.pick(STREETS)}`, state: place.state, postalCode: place.postcode };
  };
  const uteBookingRows: (typeof t.uteBookings.$inferInsert)[] = [];
  for (let i = 0; i < 50 * scale; i += 1) {
    const ute = uteRows[i % uteRows.length];
    const isStripe = i % 2 === 0;
    // Every fourth booking of each tab is delivered and not yet paid out, some are already paid.
    const status = i % 8 < 2 ? 'delivered' : BOOKING_STATUSES[i % BOOKING_STATUSES.length];
    const isTransferred = status === 'delivered' && i % 8 === 1 && i % 16 === 1;
    const amount = rnd.int(80, 600);
    const pickup = address();
    const drop = address();
    uteBookingRows.push({
      id: uuidFrom(4, i + 1),
      uteBookingId: `UB-${pad(i + 1)}`,
      bookedBy: customerIds[(i * 3) % customerIds.length],
      uteRef: ute.id,
      ownerId: ute.ownerId!,
      uteName: ute.fullName ?? ute.uteModel ?? 'Ute',
      amount,
      actualAmount: amount + rnd.int(0, 40),
      requestAmount: i % 5 === 4 ? null : amount - rnd.int(0, 30),
      status,
      pickupStreet: pickup.street,
      pickupState: pickup.state,
      pickupPostalCode: pickup.postalCode,
      dropStreet: drop.street,
      dropState: drop.state,
      dropPostalCode: drop.postalCode,
      transactionId: isStripe ? `pi_demo${pad(i + 1, 12)}` : null,
      transferState: isTransferred || (status === 'completed' && i % 3 === 0) ? 'transferred' : 'none',
      createdAt: daysAgo(rnd.int(0, 200), rnd.int(0, 1439)),
    });
  }
  await insertChunked(db, t.uteBookings, uteBookingRows);

  const jobBookingRows: (typeof t.jobBookings.$inferInsert)[] = [];
  for (let i = 0; i < 30 * scale; i += 1) {
    const job = jobRows[i % jobRows.length];
    const ute = uteRows[(i * 5) % uteRows.length];
    const status = i % 6 < 2 ? 'delivered' : BOOKING_STATUSES[i % BOOKING_STATUSES.length];
    jobBookingRows.push({
      id: uuidFrom(5, i + 1),
      jobBookingId: `JB-${pad(i + 1)}`,
      jobRef: job.id,
      jobTitle: job.title,
      bookedBy: job.postedBy,
      ownerId: ute.ownerId!,
      uteName: ute.fullName ?? ute.uteModel ?? 'Ute',
      amount: rnd.int(60, 900),
      status,
      transactionId: i % 2 === 0 ? `pi_demojob${pad(i + 1, 10)}` : null,
      transferState: status === 'delivered' && i % 12 === 1 ? 'transferred' : 'none',
      createdAt: daysAgo(rnd.int(0, 200), rnd.int(0, 1439)),
    });
  }
  await insertChunked(db, t.jobBookings, jobBookingRows);

  const paymentRows: (typeof t.payments.$inferInsert)[] = [];
  for (let i = 0; i < 60 * scale; i += 1) {
    const payer = customerIds[(i * 7) % customerIds.length];
    const isStripe = i % 3 !== 2;
    paymentRows.push({
      id: uuidFrom(6, i + 1),
      payerId: payer,
      paymentBy: nameOf(payer),
      uteOwnerName: nameOf(ownerIds[i % ownerIds.length]),
      amountCents: rnd.int(5_000, 90_000),
      status: PAYMENT_STATUSES[i % PAYMENT_STATUSES.length],
      transactionId: isStripe ? `pi_demopay${pad(i + 1, 10)}` : i % 4 === 0 ? null : `BANK-${pad(i + 1, 8)}`,
      receiptImage: isStripe || i % 5 === 0 ? null : images.receipt[i % images.receipt.length],
      isStripe,
      isJob: i % 2 === 1,
      createdAt: daysAgo(rnd.int(0, 365), rnd.int(0, 1439)),
    });
    // Every 4th succeeded Stripe ute payment is the payment of a delivered Stripe ute booking (the
    // customer app writes the payment intent on both), so refunds in the demo have a booking:
    // payments 1, 13, 25, ... pay bookings UB-0001, UB-0009, UB-0017, ...
    const linked = uteBookingRows[(i / 12) * 8];
    if (i % 12 === 0 && isStripe && linked?.status === 'delivered' && linked.transactionId) {
      Object.assign(paymentRows[i], {
        payerId: linked.bookedBy,
        paymentBy: nameOf(linked.bookedBy!),
        uteOwnerName: nameOf(linked.ownerId),
        amountCents: Math.round(Number(linked.amount) * 100),
        transactionId: linked.transactionId,
      });
    }
  }
  await insertChunked(db, t.payments, paymentRows);

  const shipmentRows: (typeof t.shipments.$inferInsert)[] = [];
  for (let i = 0; i < 25 * scale; i += 1) {
    const from = rnd.pick(CITIES);
    const to = rnd.pick(CITIES);
    const email = `${FIRST_NAMES[(i * 3) % FIRST_NAMES.length]}.${LAST_NAMES[i % LAST_NAMES.length]}@example.com.au`.toLowerCase().replace(/'/g, '');
    const collectionAddress = `${rnd.int(1, 300)} ${rnd.pick(STREETS)}, ${from.city} ${from.state} ${from.postcode}`;
    const deliveryAddress = `${rnd.int(1, 300)} ${rnd.pick(STREETS)}, ${to.city} ${to.state} ${to.postcode}`;
    const isHalf = i % 2 === 0;
    const hasContacts = i % 5 !== 3;
    shipmentRows.push({
      id: uuidFrom(7, i + 1),
      shipmentId: `SHP-${pad(i + 1)}`,
      email: isHalf ? email : null,
      quoteStatus: isHalf ? 'half' : 'full',
      status: 'requested',
      vehicleType: rnd.pick(VEHICLE_TYPES),
      orderDate: daysAgo(rnd.int(0, 60), rnd.int(0, 1439)),
      pickUpDateAndTime: daysAgo(-rnd.int(1, 30), rnd.int(0, 1439)),
      collectionAddress: isHalf ? collectionAddress : null,
      deliveryAddress: isHalf ? deliveryAddress : null,
      notes: i % 4 === 0 ? null : rnd.pick(['Fragile glass top table.', 'Please call on arrival.', 'Two large boxes and a fridge.', 'Gate code 1234.']),
      contactDetail:
        isHalf || !hasContacts
          ? []
          : [
              { collectionInfo: { email, collectionAddress, name: nameOf(customerIds[i % customerIds.length]), phone: '0412 345 678' } },
              { deliveryInfo: { deliveryAddress, name: nameOf(customerIds[(i + 1) % customerIds.length]), phone: '0498 765 432' } },
            ],
      createdAt: daysAgo(rnd.int(0, 60), rnd.int(0, 1439)),
    });
  }
  await insertChunked(db, t.shipments, shipmentRows);

  await insertChunked(
    db,
    t.faqs,
    FAQS.map(([question, answer], i) => ({ question, answer, createdAt: daysAgo(100 - i) })),
  );
  await insertChunked(
    db,
    t.blogs,
    BLOGS.map(([title, description], i) => ({
      title,
      description: i === 7 ? null : description,
      images: [images.blog[i % images.blog.length]],
      author: i === 6 ? null : nameOf(ownerIds[i]),
      views: rnd.int(10, 5000),
      comments: rnd.int(0, 80),
      createdAt: daysAgo(i * 9 + 1),
    })),
  );

  const queryRows: (typeof t.customerQueries.$inferInsert)[] = [];
  const replyRows: (typeof t.queryReplies.$inferInsert)[] = [];
  for (let i = 0; i < 30 * scale; i += 1) {
    const id = uuidFrom(8, i + 1);
    const firstName = FIRST_NAMES[(i * 5) % FIRST_NAMES.length];
    const lastName = LAST_NAMES[(i * 3) % LAST_NAMES.length];
    queryRows.push({
      id,
      firstName,
      lastName,
      email: `${firstName}.${lastName}.q${i + 1}@example.com.au`.toLowerCase().replace(/'/g, ''),
      phone: i % 6 === 5 ? null : `04${rnd.int(10, 99)} ${rnd.int(100, 999)} ${rnd.int(100, 999)}`,
      message: QUERY_TOPICS[i % QUERY_TOPICS.length],
      createdAt: daysAgo(rnd.int(0, 90), rnd.int(0, 1439)),
    });
    if (i % 3 === 0)
      replyRows.push({
        queryId: id,
        message: 'Thanks for getting in touch. We have looked into this and will update you within one business day.',
        createdAt: daysAgo(0, i),
      });
    if (i % 6 === 0)
      replyRows.push({ queryId: id, message: 'This is now sorted. Let us know if there is anything else we can help with.', createdAt: daysAgo(0, i - 1) });
  }
  await insertChunked(db, t.customerQueries, queryRows);
  await insertChunked(db, t.queryReplies, replyRows);

  const activityRows = buildActivities(users, uteRows, jobRows, rnd, daysAgo, Math.min(userCount, 40 * scale));
  if (options.heavyActivityRows) activityRows.push(...buildHeavyActivity(users[0], options.heavyActivityRows, daysAgo));
  await insertChunked(db, t.userActivities, activityRows, 2000);
  // The demo's rows entered their work queues when they were inserted (now): date each item from its
  // row's creation instead, as migration 0030 backfills, so the demo shows ages and overdue marks (design §15).
  // A database at an earlier migration (the tests of an upgrade, e.g. the ledger's) has no work items yet.
  await db.execute(sql`
    do $$ begin
      if to_regclass('work_items') is not null then
        update work_items w set entered_at = r.created_at
        from (
          select id, created_at from utes union all select id, created_at from jobs
          union all select id, created_at from ute_bookings union all select id, created_at from job_bookings
          union all select id, created_at from payments union all select id, created_at from customer_queries
          union all select id, created_at from shipments
        ) as r
        where r.id = w.record_id;
      end if;
    end $$`);
  // Fresh statistics, or the planner guesses a handful of rows and skips the list and trigram indexes.
  await db.execute(sql`analyze`);

  return {
    users: users.length,
    utes: uteRows.length,
    jobs: jobRows.length,
    uteBookings: uteBookingRows.length,
    jobBookings: jobBookingRows.length,
    payments: paymentRows.length,
    quotes: shipmentRows.length,
    faqs: FAQS.length,
    blogs: BLOGS.length,
    queries: queryRows.length,
    activities: activityRows.length,
  };
}

type Row<T extends PgTable> = T['$inferInsert'];

/** Activity that covers every type and sub-type of docs/product.md, spread over several days. */
function buildActivities(
  users: Row<typeof t.users>[],
  utes: Row<typeof t.utes>[],
  jobs: Row<typeof t.jobs>[],
  rnd: ReturnType<typeof createRandom>,
  daysAgo: (days: number, minutes?: number) => Date,
  activeUsers: number,
): Row<typeof t.userActivities>[] {
  const rows: Row<typeof t.userActivities>[] = [];
  for (let u = 0; u < activeUsers; u += 1) {
    const user = users[u];
    const by = { firstName: user.firstName, lastName: user.lastName };
    const other = users[(u + 11) % users.length];
    const otherName = `${other.firstName} ${other.lastName}`;
    const ute = utes[u % utes.length];
    const job = jobs[u % jobs.length];
    const uteName = ute.fullName ?? ute.uteModel ?? 'Ute';
    const amount = rnd.int(80, 600);
    const templates: Omit<Row<typeof t.userActivities>, 'userId' | 'occurredAt'>[] = [
      { activity: 'logged-in' },
      { activity: 'add-ute', activityTo: { uteName, uteId: ute.uteId } },
      { activity: 'add-job', activityTo: { jobName: job.title, jobId: job.jobId } },
      { activity: 'create-ute-booking', activityTo: { uteName, amount } },
      { activity: 'ute-accept-booking', response: uteName, activityTo: { fullName: otherName } },
      { activity: 'ute-reject-booking', response: uteName, activityTo: { fullName: otherName } },
      { activity: 'initiate-manual-payment', subType: 'manualUTEPayment', activityTo: { uteName, amount } },
      { activity: 'initiate-manual-payment', subType: 'manualJobPayment', activityTo: { uteName, jobName: job.title, amount } },
      { activity: 'initiate-stripe-ute-payment', subType: 'utePayment', activityTo: { uteName, amount } },
      { activity: 'initiate-stripe-ute-payment', subType: 'jobPayment', activityTo: { jobName: job.title, amount } },
      { activity: 'initiate-stripe-job-payment', activityTo: { uteName, jobName: job.title, amount } },
      { activity: 'uteOwner-apply-for-job', activityTo: { jobName: job.title, jobId: job.jobId } },
      { activity: 'ute-dispatched', response: uteName, activityTo: { jobName: job.title } },
      { activity: 'otp-send', subType: 'JobOtpSend', response: uteName, activityTo: { jobName: job.title } },
      { activity: 'otp-send', subType: 'uteDeliveryOtp', response: otherName, activityTo: { uteName } },
      { activity: 'completed', subType: 'UteTaskCompleted', activityTo: { uteName, fullName: otherName } },
      { activity: 'completed', subType: 'jobCompleted', activityTo: { uteName, jobName: job.title } },
      { activity: 'job-request-rejected', activityTo: { jobName: job.title } },
      { activity: 'other', response: 'REQ-' + pad(u + 1) },
      { activity: 'logged-out' },
    ];
    const count = u === 0 ? templates.length : rnd.int(4, 12);
    for (let k = 0; k < count; k += 1) {
      const template = u === 0 ? templates[k] : rnd.pick(templates);
      rows.push({ ...template, userId: user.id!, activityBy: by, occurredAt: daysAgo(Math.floor(k / 4) + (u % 3), rnd.int(0, 1400)) });
    }
  }
  return rows;
}

function buildHeavyActivity(user: Row<typeof t.users>, count: number, daysAgo: (days: number, minutes?: number) => Date): Row<typeof t.userActivities>[] {
  const by = { firstName: user.firstName, lastName: user.lastName };
  return Array.from({ length: count }, (_, k) => ({
    userId: user.id!,
    activity: k % 2 === 0 ? 'logged-in' : 'logged-out',
    activityBy: by,
    occurredAt: daysAgo(Math.floor(k / 40), k % 1400),
  }));
}
