import { z } from 'zod';

export const dashboardCountsSchema = z.object({
  totalUser: z.number(),
  totalActiveUser: z.number(),
  totalDeactiveUser: z.number(),
  totalUtedata: z.number(),
  totalJobdata: z.number(),
  totalUteBooking: z.number(),
  totalJobBooking: z.number(),
});
export type DashboardCounts = z.infer<typeof dashboardCountsSchema>;
export const dashboardResponseSchema = z.object({ data: dashboardCountsSchema });
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
