/** Placeholder until this screen's issue lands. */
export function ShipmentPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Shipment</h1>
    </section>
  );
}
