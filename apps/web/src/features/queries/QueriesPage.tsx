/** Placeholder until this screen's issue lands. */
export function QueriesPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">User Queries</h1>
    </section>
  );
}
