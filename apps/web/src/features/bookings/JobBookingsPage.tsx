/** Placeholder until this screen's issue lands. */
export function JobBookingsPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Job Bookings</h1>
    </section>
  );
}
