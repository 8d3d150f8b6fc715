import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from '../../openapi/schema';

export type Schemas = components['schemas'];
export type Table = Schemas['TableDto'];
export type Game = Schemas['GameDto'];
export type RuleOption = Schemas['RuleOptionDto'];
export type HandView = Schemas['HandView'];
export type HandEvent = Schemas['HandEventDto'];
export type Ledger = Schemas['LedgerDto'];
type Problem = Schemas['ProblemDto'];

/**
 * The one way the page talks to the service: the typed client generated from the OpenAPI
 * document (`npm run openapi`), same origin, exactly as an outside client would call it.
 */
export const api = createClient<paths>({ baseUrl: location.origin });

/** Sends the player's token (or the auditor's, for calls marked `asAuditor`) as a bearer token. */
let tokenOf: (auditor: boolean) => string | null = () => null;
export function useTokens(fn: (auditor: boolean) => string | null): void {
  tokenOf = fn;
}
/** The player's token, for what openapi-fetch does not send (the hand's WebSocket). */
export const playerToken = (): string | null => tokenOf(false);
const AUDITOR = 'x-kartentisch-as-auditor';
const auth: Middleware = {
  onRequest({ request }) {
    const auditor = request.headers.has(AUDITOR);
    request.headers.delete(AUDITOR);
    const token = tokenOf(auditor);
    if (token && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
};
api.use(auth);
/** Header options for a call made with the auditor token. */
export const asAuditor = { [AUDITOR]: '1' } as Record<string, string>;

/** An API refusal: the problem+json `detail` and stable `code`, shown to the person as they are. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
  ) {
    super(detail);
  }
}

/** The data of an answer, or an ApiProblem with the service's own message. */
export function ok<T>(res: { data?: T; error?: unknown; response: Response }): T {
  if (res.error !== undefined || !res.response.ok) {
    const p = (res.error ?? {}) as Partial<Problem>;
    throw new ApiProblem(res.response.status, p.code ?? String(res.response.status), p.detail ?? p.title ?? res.response.statusText);
  }
  return res.data as T;
}

export const messageOf = (err: unknown): string =>
  err instanceof ApiProblem ? `${err.message} (${err.code})` : err instanceof Error ? err.message : String(err);
