/**
 * The game's own words, each with a short explanation in the catalogues (`terms`): the German
 * ones kept in both languages, and the names the English catalogue gives to contracts.
 */
export const TERMS = [
  'Schwacher',
  'Retour',
  'Gut',
  'Hochzeit',
  'Armut',
  'Pagat',
  'Mond',
  'Gstieß',
  'Dobb',
  'Talon',
  'Ansager',
  'Solo',
  'Re',
  'Kontra',
  'Fuchs',
  'Karlchen',
  'Schweinchen',
  'Superschweinchen',
  'Dobbm',
  'Mord',
  'Weli',
  'Super',
  'Gesund',
  'Vorbehalt',
  'Normalspiel',
  'Stilles Solo',
  'Karo-Solo',
  'Herz-Solo',
  'Pik-Solo',
  'Kreuz-Solo',
  'Damen-Solo',
  'Buben-Solo',
  'Fleischloser',
  'Normal game',
  'Silent solo',
  'Diamonds solo',
  'Hearts solo',
  'Spades solo',
  'Clubs solo',
  'Queen solo',
  'Jack solo',
  'Ace solo',
] as const;

/** A term as a whole word (not inside another, nor after a hyphen); the longest first, so "Stilles Solo" wins over "Solo". */
export function termPattern(terms: readonly string[] = TERMS): RegExp {
  const longestFirst = [...terms].sort((a, b) => b.length - a.length);
  return new RegExp(`(?<![\\p{L}-])(${longestFirst.join('|')})(?![\\p{L}-])`, 'u');
}
