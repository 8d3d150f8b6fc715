import { useEffect } from 'preact/hooks';
import { t } from '../i18n/index.js';
import { turnSound } from './settings.js';

/** A short, quiet tone (Web Audio, no sound file): the turn is noticed from another tab. */
function beep(): void {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.25);
    tone.onended = () => void audio.close();
  } catch {
    /* no audio on this device: the title still says it */
  }
}

/** When it becomes this seat's turn: the tab's title says so (seen from another tab), and a tone sounds if switched on. */
export function useTurnAlert(myTurn: boolean): void {
  useEffect(() => {
    if (!myTurn) return;
    document.title = `▶ ${t('table.yourTurnTitle')} — ${t('app.title')}`;
    if (turnSound.value) beep();
    return () => {
      document.title = t('app.title');
    };
  }, [myTurn]);
}
