export function Lobby() {
  return (
    <section>
      <h1>Lobby</h1>
    </section>
  );
}
