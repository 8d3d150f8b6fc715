import { signal } from '@preact/signals';
import { api, useTokens } from './api.js';

/** The player this browser plays as: kept in localStorage so it survives a reload. */
export interface Me {
  id: string;
  name: string;
  token: string;
}
const KEY = 'kartentisch.player';
const AUDIT_KEY = 'kartentisch.auditor';

function load(): Me | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as Me) : null;
  } catch {
    return null;
  }
}

export const me = signal<Me | null>(load());
/** The player whose token the service refused (rotated on another device, or gone): sign in again. */
export const signedOut = signal<Me | null>(null);
/** The auditor token, kept for this tab only (sessionStorage). */
export const auditorToken = signal<string | null>(sessionStorage.getItem(AUDIT_KEY));

export function rememberMe(player: Me | null): void {
  if (player) localStorage.setItem(KEY, JSON.stringify(player));
  else localStorage.removeItem(KEY);
  me.value = player;
  if (player) signedOut.value = null;
}

export function rememberAuditor(token: string | null): void {
  if (token) sessionStorage.setItem(AUDIT_KEY, token);
  else sessionStorage.removeItem(AUDIT_KEY);
  auditorToken.value = token;
}

useTokens(
  (auditor) => (auditor ? auditorToken.value : (me.value?.token ?? null)),
  () => {
    if (!me.value) return;
    signedOut.value = me.value;
    rememberMe(null);
  },
);

// A device signed out from another one learns it as the page opens, not at its first move: a
// refused token asks to sign in again (the middleware above).
if (me.value) void api.GET('/players/me').catch(() => undefined);
