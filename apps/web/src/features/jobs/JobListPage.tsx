/** Placeholder until this screen's issue lands. */
export function JobListPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Job Listings</h1>
    </section>
  );
}
