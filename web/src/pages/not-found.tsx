export function NotFound() {
  return (
    <section>
      <h1>Not found</h1>
      <p>
        <a href="/">Back to the lobby</a>
      </p>
    </section>
  );
}
