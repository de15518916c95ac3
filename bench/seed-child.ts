/**
 * Seeds one benchmark database in a process of its own (the demo generator holds every row in
 * memory, several GB at a million rows per table), then prints its report as the last line.
 */
import { seedDatabase, type SeedRequest } from './lib/seeding';

const request = JSON.parse(process.argv[2] ?? '') as SeedRequest;
const report = await seedDatabase(request, (line) => process.stderr.write(`  [seed ${request.engine}] ${line}\n`));
process.stdout.write(`${JSON.stringify(report)}\n`);
