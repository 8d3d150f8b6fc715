/** The hand's public record so far (phase, bids, calls, contract…), as the table and the replay show it. */
export function RecordList({ phase, record }: { phase: string; record: [string, string][] }) {
  return (
    <dl class="record panel" aria-label="record">
      <dt>Phase</dt>
      <dd data-testid="phase">{phase}</dd>
      {record.map(([k, v]) => (
        <>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </>
      ))}
    </dl>
  );
}
