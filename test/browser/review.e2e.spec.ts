import { expectWordsOnly } from './play.testkit.js';
import { startSite, type Site } from './support.testkit.js';
import { newPlayers, playHandQuickly, playWithSeatAway, rng, seatedTable, type Player } from '../support/bots.testkit.js';

/**
 * A finished hand's review on the page (docs/review.md): the replay names each decision's label
 * and the better choice in words, in English and German, with each seat's accuracy; the
 * player's history shows the accuracy per hand; a decision the seat's substitute made says for
 * whom it was played.
 */
describe('the review of a hand in the browser', () => {
  let site: Site;
  let players: Player[];
  let handId: string;
  beforeAll(async () => {
    site = await startSite({ env: { AUDIT_WORKERS: '1' } });
    players = await newPlayers(site.app, 4, 'Rev');
    ({ handId } = await seatedTable(site.app, players, { game: 'dobbm', rules: { players: 4 } }));
    await playHandQuickly(site.app, handId, players, rng(5));
    // the web app built when its sources changed, Chromium started, a hand played: minutes on a busy machine
  }, 300_000);
  afterAll(() => site?.close());

  /** A browser profile signed in as `player`, speaking `locale`. */
  const as = async (player: Player, locale = 'en-US') => {
    const person = await site.person({ locale });
    await person.page.addInitScript(`localStorage.setItem('kartentisch.player', ${JSON.stringify(JSON.stringify(player))})`);
    return person;
  };

  it('the replay labels each decision and names the better choice; the seats’ accuracy; the history per hand', async () => {
    const { context, page } = await as(players[0]!);
    await page.goto(`/hands/${handId}/replay`);
    // computed by the in-process worker: the page asks again until it is stored
    await page.locator('[data-testid="review"]').waitFor({ timeout: 120_000 });
    for (let seat = 0; seat < 4; seat++)
      await page
        .locator(`[data-testid="accuracy-${seat}"]`)
        .filter({ hasText: /accuracy \d/ })
        .waitFor();
    const labels: string[] = [];
    const forward = page.getByRole('button', { name: 'Forward ▶' });
    while (await forward.isEnabled()) {
      await forward.click();
      const note = page.locator('[data-testid="review-note"]');
      await note.waitFor();
      labels.push((await note.getAttribute('data-label'))!);
      if ((await note.innerText()).includes('Better:')) await site.shot(page, 'review-better');
    }
    expect(labels.length).toBeGreaterThan(10);
    expect(labels).toContain('forced');
    await expectWordsOnly(page, 'the replay with its review');
    await site.shot(page, 'review-replay');

    await page.goto(`/players/${players[0]!.id}/hands`);
    await page.locator('[data-testid="hand-accuracy"]').filter({ hasText: /\d+ %/ }).first().waitFor();
    await site.shot(page, 'review-history');
    await context.close();
  }, 300_000);

  it('a decision the substitute made: played for the seat’s player, not counted', async () => {
    const people = await newPlayers(site.app, 4, 'Away');
    const { handId: id } = await seatedTable(site.app, people, { game: 'dobbm', rules: { players: 4 }, clock: 'relaxed' });
    const away = await playWithSeatAway(site.app, id, people);
    for (const [locale, forwardName, words] of [
      ['en-US', 'Forward ▶', /Played for Away \d by the substitute: not counted in the accuracy\./],
      ['de-DE', 'Weiter ▶', /Für Away \d gespielt, vom Ersatz: zählt nicht zur Genauigkeit\./],
    ] as const) {
      const { context, page } = await as(people[(away + 1) % 4]!, locale);
      await page.goto(`/hands/${id}/replay`);
      await page.locator('[data-testid="review"]').waitFor({ timeout: 120_000 });
      const forward = page.getByRole('button', { name: forwardName });
      const note = page.locator('[data-testid="review-substitute"]');
      while ((await note.count()) === 0 && (await forward.isEnabled())) await forward.click();
      expect(await note.innerText()).toMatch(words);
      await expectWordsOnly(page, `${locale}: the substitute's decision`);
      await site.shot(page, `${locale}-review-substitute`);
      await context.close();
    }
  }, 300_000);

  it('in German', async () => {
    const { context, page } = await as(players[1]!, 'de-DE');
    await page.goto(`/hands/${handId}/replay`);
    await page.getByRole('heading', { name: 'Analyse' }).waitFor({ timeout: 120_000 });
    await page
      .locator('[data-testid="accuracy-1"]')
      .filter({ hasText: /Genauigkeit \d/ })
      .waitFor();
    const forward = page.getByRole('button', { name: 'Weiter ▶' });
    for (let i = 0; i < 6 && (await forward.isEnabled()); i++) await forward.click();
    await page.locator('[data-testid="review-note"]').waitFor();
    await expectWordsOnly(page, 'die Wiederholung mit Analyse');
    await site.shot(page, 'de-review-replay');
    await context.close();
  }, 120_000);
});
