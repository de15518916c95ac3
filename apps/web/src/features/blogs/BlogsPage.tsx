/** Placeholder until this screen's issue lands. */
export function BlogsPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Blogs</h1>
    </section>
  );
}
