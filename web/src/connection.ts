import { signal } from '@preact/signals';

/** Whether the browser has a network, as it tells us. */
export const online = signal(navigator.onLine);
addEventListener('online', () => (online.value = true));
addEventListener('offline', () => (online.value = false));

/** Set while the table page has lost its connection to the table and is opening it again. */
export const reconnecting = signal(false);
