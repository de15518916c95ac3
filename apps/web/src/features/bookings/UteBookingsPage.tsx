/** Placeholder until this screen's issue lands. */
export function UteBookingsPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Ute Bookings</h1>
    </section>
  );
}
