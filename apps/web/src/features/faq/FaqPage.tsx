/** Placeholder until this screen's issue lands. */
export function FaqPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Frequently Asked Questions</h1>
    </section>
  );
}
