import { lazy, LocationProvider, Route, Router } from 'preact-iso';
import { online, reconnecting } from './connection.js';
import { language, switchLanguage, t } from './i18n/index.js';
import { LANGUAGES } from './i18n/language.js';
import { Audit } from './pages/audit.js';
import { Cards } from './pages/cards.js';
import { DevicesPage } from './pages/devices.js';
import { PlayerHands, TableHands } from './pages/history.js';
import { Leaderboard } from './pages/leaderboard.js';
import { Lobby } from './pages/lobby.js';
import { NotFound } from './pages/not-found.js';
import { Profile } from './pages/profile.js';
import { RulesPage } from './pages/rules.js';
import { TablePage } from './pages/table.js';
import { auditorToken, signedOut } from './session.js';

// The replay carries the rules engine: loaded only when a replay is opened.
const Replay = lazy(() => import('./pages/replay.js').then((m) => m.Replay));

/** The pages; the service serves index.html for exactly these paths (src/web-app.ts). */
export function App() {
  return (
    <LocationProvider>
      <header class="top">
        <a href="/" class="brand">
          {t('app.brand')}
        </a>
        <nav aria-label={t('app.nav.main')}>
          <a href="/">{t('app.nav.lobby')}</a>
          <a href="/ratings/doppelkopf">{t('ratings.nav')}</a>
          <a href="/rules">{t('app.nav.rules')}</a>
          {/* The audit is for auditors: a dead end for anyone without the key (the page itself stays at /audit). */}
          {auditorToken.value && <a href="/audit">{t('app.nav.audit')}</a>}
          <a href="/cards">{t('app.nav.cards')}</a>
        </nav>
        <div class="languages" role="group" aria-label={t('app.language')}>
          {LANGUAGES.map((l) => (
            <button type="button" class="link" lang={l} aria-pressed={language.value === l} onClick={() => switchLanguage(l)}>
              {t(`app.languages.${l}`)}
            </button>
          ))}
        </div>
      </header>
      <ConnectionBanner />
      <main>
        <Router>
          <Route path="/" component={Lobby} />
          <Route path="/cards" component={Cards} />
          <Route path="/devices" component={DevicesPage} />
          <Route path="/rules" component={RulesPage} />
          <Route path="/rules/:game" component={RulesPage} />
          <Route path="/audit" component={Audit} />
          <Route path="/tables/:id" component={TablePage} />
          <Route path="/hands/:id/replay" component={Replay} />
          <Route path="/tables/:id/hands" component={TableHands} />
          <Route path="/players/:id/hands" component={PlayerHands} />
          <Route path="/players/:id" component={Profile} />
          <Route path="/ratings/:game" component={Leaderboard} />
          <Route default component={NotFound} />
        </Router>
      </main>
    </LocationProvider>
  );
}

/** Offline, reconnecting, or signed out: said at the top of every page until it is over. */
function ConnectionBanner() {
  if (!online.value)
    return (
      <p class="banner" role="status" data-testid="offline">
        {t('app.offline')}
      </p>
    );
  if (reconnecting.value)
    return (
      <p class="banner" role="status" data-testid="reconnecting">
        {t('app.reconnecting')}
      </p>
    );
  if (signedOut.value)
    return (
      <p class="banner" role="alert" data-testid="signed-out">
        {t('player.signInAgain', { name: signedOut.value.name })} <a href="/">{t('player.signInAgainButton')}</a>
      </p>
    );
  return null;
}
