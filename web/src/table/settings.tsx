import { signal, type Signal } from '@preact/signals';
import { t } from '../i18n/index.js';

/** A choice kept per device (localStorage): it is about this screen and this hand, not the player. */
function deviceSetting(key: string, initial: boolean): Signal<boolean> {
  const stored = localStorage.getItem(`kartentisch.${key}`);
  const s = signal(stored === null ? initial : stored === 'true');
  s.subscribe((v) => localStorage.setItem(`kartentisch.${key}`, String(v)));
  return s;
}

/** Play a card with one tap on a touch screen (otherwise a tap selects it and a second tap plays it). */
export const oneTap = deviceSetting('oneTap', false);
/** A short sound when it becomes this seat's turn: off until switched on, on this device. */
export const turnSound = deviceSetting('turnSound', false);
/** Larger cards in the hand and the trick. */
export const largeCards = deviceSetting('largeCards', false);
/** The French deck in four colours (clubs green, diamonds blue), so that suits of one colour are not confused. */
export const fourColours = deviceSetting('fourColours', false);
/** A finished trick cleared at once instead of held in sight a moment: for players who want a quick table. */
export const quickTricks = deviceSetting('quickTricks', false);

const SETTINGS = [
  ['oneTap', oneTap],
  ['turnSound', turnSound],
  ['largeCards', largeCards],
  ['fourColours', fourColours],
  ['quickTricks', quickTricks],
] as const;

/** A touch screen without a fine pointer: one tap could play a card by mistake. */
export const touchScreen = (): boolean => typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;

/** The table's settings for this device, folded away under the board. */
export function TableSettings({ game }: { game: string }) {
  return (
    <details class="settings" data-testid="settings">
      <summary>{t('settings.title')}</summary>
      {SETTINGS.filter(([key]) => key !== 'fourColours' || game === 'doppelkopf' || game === 'droggn').map(([key, s]) => (
        <label class="setting">
          <input type="checkbox" name={key} checked={s.value} onChange={(e) => (s.value = e.currentTarget.checked)} />{' '}
          {t(`settings.${key}`)}
        </label>
      ))}
    </details>
  );
}
