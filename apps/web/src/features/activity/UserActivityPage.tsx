/** Placeholder until this screen's issue lands. */
export function UserActivityPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">User Activity</h1>
    </section>
  );
}
