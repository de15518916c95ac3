/** Placeholder until this screen's issue lands. */
export function QuotesPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Quotes</h1>
    </section>
  );
}
