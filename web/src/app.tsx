import { lazy, LocationProvider, Route, Router } from 'preact-iso';
import { Audit } from './pages/audit.js';
import { Cards } from './pages/cards.js';
import { PlayerHands, TableHands } from './pages/history.js';
import { Lobby } from './pages/lobby.js';
import { NotFound } from './pages/not-found.js';
import { TablePage } from './pages/table.js';

// The replay carries the rules engine: loaded only when a replay is opened.
const Replay = lazy(() => import('./pages/replay.js').then((m) => m.Replay));

/** The pages; the service serves index.html for exactly these paths (src/web-app.ts). */
export function App() {
  return (
    <LocationProvider>
      <header class="top">
        <a href="/" class="brand">
          kartentisch
        </a>
        <nav>
          <a href="/">Lobby</a>
          <a href="/audit">Audit</a>
          <a href="/cards">Cards</a>
        </nav>
      </header>
      <main>
        <Router>
          <Route path="/" component={Lobby} />
          <Route path="/cards" component={Cards} />
          <Route path="/audit" component={Audit} />
          <Route path="/tables/:id" component={TablePage} />
          <Route path="/hands/:id/replay" component={Replay} />
          <Route path="/tables/:id/hands" component={TableHands} />
          <Route path="/players/:id/hands" component={PlayerHands} />
          <Route default component={NotFound} />
        </Router>
      </main>
    </LocationProvider>
  );
}
