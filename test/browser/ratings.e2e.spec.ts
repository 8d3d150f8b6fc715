import { fillWithBots, signUp } from './play.testkit.js';
import { startSite, type Site } from './support.testkit.js';

/**
 * Ratings and greetings on the page (docs/ratings.md), on a database of its own: ratings written
 * as a long season would leave them (the server's side is test/ratings.e2e.spec.ts), then a
 * person's table with bots, where a greeting shows beside the seat for a spectator reading
 * German; the profile with its chart, and the leaderboard.
 */
describe('ratings and greetings in the browser', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ ownDatabase: 'webratings' });
  });
  afterAll(() => site?.close());

  /** A rating with `points` history rows ending at `rating`, as the booking writes them. */
  async function season(playerId: string, rating: number, sigma: number, points: number[]): Promise<void> {
    const mu = 25 + (rating - 1500) / 24;
    await site.app.sql.query(
      `INSERT INTO ratings (player_id, game, mu, sigma, rating, provisional, hands) VALUES ($1, 'doppelkopf', $2, $3::float8, $4, $3::float8 > 6, $5)`,
      [playerId, mu, sigma, rating, points.length],
    );
    await site.app.sql.query(
      `INSERT INTO rating_history (player_id, game, hand_id, table_id, mu, sigma, rating, at)
       SELECT $1, 'doppelkopf', gen_random_uuid(), gen_random_uuid(), 25, $2, r, now() - (count(*) OVER () - i) * interval '1 minute'
       FROM unnest($3::int[]) WITH ORDINALITY AS p(r, i)`,
      [playerId, sigma, points],
    );
  }

  it('shows ratings beside the names, a greeting beside its seat, the profile with its chart and the leaderboard', async () => {
    const { page } = await site.person();
    await signUp(page, 'Resi');
    const resi = (await site.app.sql.query<{ id: string }>(`SELECT id::text FROM players WHERE name = 'Resi'`)).rows[0]!.id;
    const beginner = (await site.app.sql.query<{ id: string }>(`SELECT md5('kartentisch bot rating heuristic')::uuid::text AS id`)).rows[0]!
      .id;
    await season(resi, 1536, 7.2, [1500, 1488, 1512, 1536]);
    await season(beginner, 1580, 3.1, [1500, 1540, 1610, 1560, 1580]);

    await page.getByRole('combobox', { name: 'game of the new table' }).selectOption('doppelkopf');
    await page.getByRole('button', { name: 'Open the table' }).click();
    await page.waitForURL(/\/tables\/[^/]+$/);
    // The creator is seated; the beginners fill the rest.
    await fillWithBots(page);
    // Each bot by its strength's rating.
    await page.locator('.seat[data-seat="1"] [data-testid=seat-rating]', { hasText: '1580' }).waitFor();

    const watcher = await site.person({ locale: 'de-DE' });
    await signUp(watcher.page, 'Sepp');
    await watcher.page.goto(new URL(page.url()).pathname);
    await watcher.page.locator('.seat[data-seat="0"] [data-testid=seat-rating]', { hasText: '1536?' }).waitFor();
    await page.getByRole('button', { name: 'Well played!' }).click();
    // The spectator reads it in German, beside the seat that said it; the sender in the bar.
    await watcher.page.locator('.seat[data-seat="0"] [data-testid=greeting]', { hasText: 'Gut gespielt!' }).waitFor();
    await page.locator('.greetings [data-testid=greeting]', { hasText: 'Well played!' }).waitFor();
    await site.shot(watcher.page, 'greeting-spectator', true);
    // Gone after a few seconds.
    await watcher.page.locator('[data-testid=greeting]').waitFor({ state: 'detached', timeout: 8_000 });
    // Muted, a greeting shows no more.
    await watcher.page.getByTestId('mute-greetings').click();
    await page.waitForTimeout(2_100);
    await page.getByRole('button', { name: 'Thanks!' }).click();
    await page.locator('.greetings [data-testid=greeting]', { hasText: 'Thanks!' }).waitFor();
    await watcher.page.waitForTimeout(500);
    expect(await watcher.page.locator('[data-testid=greeting]').count()).toBe(0);

    await page.goto(`/players/${resi}`);
    await page.locator('[data-testid=game-rating]', { hasText: '1536?' }).waitFor();
    // The chart's course is fetched after the ratings.
    await page.locator('[data-testid=rating-chart] polyline').waitFor();
    expect(await page.locator('[data-testid=rating-chart] polyline').count()).toBe(1);
    await page.getByTestId('recent-tables').waitFor();
    await site.shot(page, 'profile');

    await page.getByRole('link', { name: 'Leaderboard' }).click();
    await page.getByTestId('leaderboard').waitFor();
    const rows = await page.locator('[data-testid=leaderboard] tbody tr').allInnerTexts();
    // Resi is still provisional: left out; the beginner bot by its strength's name.
    expect(rows).toEqual([expect.stringMatching(/^1\s+Bot \(beginner\)\s+1580\s+5$/)]);
    await site.shot(page, 'leaderboard');
  });
});
