import { t, type MessageKey } from '../i18n/index.js';

import { termPattern, TERMS } from './term-list.js';

const PATTERN = termPattern(TERMS);

/**
 * Text with each game term explained on hover (the title) and on tap or keyboard focus (the
 * term is focusable, and its explanation shows beside it while focused).
 */
export function Words({ text }: { text: string }) {
  const parts = text.split(PATTERN);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <abbr class="term" tabIndex={0} title={t(`terms.${part}` as MessageKey)} data-term={part}>
            {part}
          </abbr>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** The explanations of the game terms in `text`, for a control's own title (a button holds no focusable term). */
export function explain(text: string): string | undefined {
  const found = text.split(PATTERN).filter((_, i) => i % 2 === 1);
  return found.length ? [...new Set(found)].map((w) => `${w}: ${t(`terms.${w}` as MessageKey)}`).join('\n') : undefined;
}
