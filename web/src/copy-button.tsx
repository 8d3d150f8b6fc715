import { useState } from 'preact/hooks';
import { t } from './i18n/index.js';

/** Copies `text` to the clipboard, and says so. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      onClick={() =>
        navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      {copied ? t('player.copied') : label}
    </button>
  );
}
