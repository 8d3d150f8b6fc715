import { signal } from '@preact/signals';
import { t, type MessageKey } from '../i18n/index.js';

/**
 * Greetings at the table (docs/ratings.md#greetings): a seat sends one of six phrases on the
 * table's socket; each reader sees it beside the seat for a few seconds, in the reader's own
 * language, unless the reader muted them (kept in this browser).
 */
const PHRASES = ['hello', 'goodLuck', 'wellPlayed', 'thanks', 'sorry', 'gottaGo'] as const;
export type Phrase = (typeof PHRASES)[number];

/** How long a greeting stays beside its seat. */
const SHOWN_MS = 5_000;
const MUTED = 'kartentisch.greetingsMuted';

/** Each seat's greeting in sight now. */
const greetingsShown = signal<Record<number, Phrase>>({});
const greetingsMuted = signal<boolean>(localStorage.getItem(MUTED) === '1');
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** A greeting heard on the socket: shown beside its seat for SHOWN_MS (none while muted). */
export function heard(seat: number, phrase: string): void {
  if (greetingsMuted.value || !(PHRASES as readonly string[]).includes(phrase)) return;
  greetingsShown.value = { ...greetingsShown.value, [seat]: phrase as Phrase };
  clearTimeout(timers.get(seat));
  timers.set(
    seat,
    setTimeout(() => {
      const { [seat]: _, ...rest } = greetingsShown.value;
      greetingsShown.value = rest;
    }, SHOWN_MS),
  );
}

const phraseText = (p: Phrase) => t(`greetings.phrases.${p}` as MessageKey);

/** The greeting of `seat`, if one is in sight: a bubble beside its name. */
export function GreetingBubble({ seat }: { seat: number }) {
  const phrase = greetingsShown.value[seat];
  if (!phrase) return null;
  return (
    <span class="greeting" role="status" data-testid="greeting" data-seat={seat}>
      {phraseText(phrase)}
    </span>
  );
}

/** The phrases a seated player may send, and the mute switch (for watchers too). */
export function GreetingBar({ greet, seated, mySeat }: { greet: (p: Phrase) => void; seated: boolean; mySeat: number | null }) {
  const toggle = () => {
    greetingsMuted.value = !greetingsMuted.value;
    localStorage.setItem(MUTED, greetingsMuted.value ? '1' : '0');
    if (greetingsMuted.value) greetingsShown.value = {};
  };
  return (
    <div class="row greetings" role="group" aria-label={t('greetings.title')}>
      {seated &&
        !greetingsMuted.value &&
        PHRASES.map((p) => (
          <button type="button" class="small" data-phrase={p} onClick={() => greet(p)}>
            {phraseText(p)}
          </button>
        ))}
      {mySeat !== null && <GreetingBubble seat={mySeat} />}
      <button type="button" class="link" aria-pressed={greetingsMuted.value} data-testid="mute-greetings" onClick={toggle}>
        {greetingsMuted.value ? t('greetings.unmute') : t('greetings.mute')}
      </button>
    </div>
  );
}
