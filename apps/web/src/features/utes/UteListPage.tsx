/** Placeholder until this screen's issue lands. */
export function UteListPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">UTE Management</h1>
    </section>
  );
}
