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
/** A finished hand's review (docs/review.md), as `GET /hands/{id}/review` answers once it is stored. */
export type HandReview = paths['/hands/{id}/review']['get']['responses'][200]['content']['application/json'];

/**
 * The one way the page talks to the service: the typed client generated from the OpenAPI
 * document (`npm run openapi`), same origin, exactly as an outside client would call it.
 */
export const api = createClient<paths>({ baseUrl: location.origin });

/** Sends the player's token (or the auditor's, for calls marked `asAuditor`) as a bearer token. */
let tokenOf: (auditor: boolean) => string | null = () => null;
let onTokenRefused: () => void = () => undefined;
export function useTokens(fn: (auditor: boolean) => string | null, refused: () => void): void {
  tokenOf = fn;
  onTokenRefused = refused;
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
  async onResponse({ request, response }) {
    // The player's own token refused (rotated elsewhere, or gone): the page asks to sign in again.
    const player = tokenOf(false);
    if (response.status === 401 && player && request.headers.get('Authorization') === `Bearer ${player}`) {
      const problem = (await response
        .clone()
        .json()
        .catch(() => ({}))) as Partial<Problem>;
      if (problem.code === 'TOKEN_INVALID') onTokenRefused();
    }
    return response;
  },
};
api.use(auth);
/** Header options for a call made with the auditor token. */
export const asAuditor = { [AUDITOR]: '1' } as Record<string, string>;

/** An API refusal: its stable `code` (turned into words by the phrasebook) and the service's `detail`. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
  ) {
    super(detail);
  }
}

/** The data of an answer, or an ApiProblem. */
export function ok<T>(res: { data?: T; error?: unknown; response: Response }): T {
  if (res.error !== undefined || !res.response.ok) {
    const p = (res.error ?? {}) as Partial<Problem>;
    throw new ApiProblem(res.response.status, p.code ?? String(res.response.status), p.detail ?? p.title ?? res.response.statusText);
  }
  return res.data as T;
}
