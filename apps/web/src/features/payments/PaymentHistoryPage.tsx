/** Placeholder until this screen's issue lands. */
export function PaymentHistoryPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Payment History</h1>
    </section>
  );
}
