import { t } from '../i18n/index.js';
import { phaseName } from '../phrasebook/index.js';
import { Words } from '../phrasebook/terms.js';

/** The hand's public record so far (phase, bids, calls, contract…), as the table and the replay show it. */
export function RecordList({ phase, record }: { phase: string; record: [string, string][] }) {
  return (
    <dl class="record panel" aria-label={t('table.record')}>
      <dt>{t('table.phase')}</dt>
      <dd data-testid="phase" data-phase={phase}>
        {phaseName(phase)}
      </dd>
      {record.map(([k, v]) => (
        <>
          <dt>
            <Words text={k} />
          </dt>
          <dd>
            <Words text={v} />
          </dd>
        </>
      ))}
    </dl>
  );
}
