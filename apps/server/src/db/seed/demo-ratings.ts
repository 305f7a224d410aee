import type { ContentRating } from '@playz/domain';

/**
 * Ratings of the demo catalogue (decision 059), by the fixed ids of decision 007, so some titles
 * are -12, -16 and -18 and the family safety can be tried on the demo. Anything not listed is
 * tous publics. The seed writes them; migration 011 writes them on a database seeded before it.
 */
export const DEMO_CONTENT_RATINGS: Readonly<Record<number, ContentRating>> = {
  // Films: the two thrillers, the one about a ruthless developer, the storm chasers.
  1002: 12, // Nuit blanche à Lyon
  1006: 12, // Périphérique
  1010: 12, // Béton armé
  1011: 16, // Le Ciel en feu
  // Brigade du Port (a crime series): -12 throughout, its season 2 finale -18.
  ...Object.fromEntries([21011, 21012, 21013, 21014, 21021, 21022, 21023].map((id) => [id, 12 as const])),
  21024: 18, // Marée Noire
  // Programmes (5000 + channel * 10 + index): Ciné Club's evening film, Polar's crime shows.
  5030: 16, // Le film du soir
  5130: 12, // Brigade du Port
  5131: 12, // Enquêtes criminelles
  5132: 16, // Cold case
};

/** Series and seasons carry the rating of most of their episodes (a season's finale may be higher). */
export const DEMO_LIST_RATINGS: Readonly<Record<number, ContentRating>> = {
  2001: 12, // Brigade du Port
  2101: 12,
  2102: 12,
};

export const demoContentRating = (id: number): ContentRating => DEMO_CONTENT_RATINGS[id] ?? 0;
export const demoListRating = (id: number): ContentRating => DEMO_LIST_RATINGS[id] ?? 0;
