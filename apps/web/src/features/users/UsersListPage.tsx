/** Placeholder until this screen's issue lands. */
export function UsersListPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Users List</h1>
    </section>
  );
}
