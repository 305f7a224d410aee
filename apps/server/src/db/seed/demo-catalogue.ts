/**
 * The demo catalogue (decision 007): a handful of generated clips reused across many titles, so the
 * service looks like the product. Ids are fixed so URLs stay stable across machines and restarts.
 */
export const DEMO_CLIP_KEYS = ['aurora', 'city', 'ocean', 'cartoon'] as const;
export type DemoClipKey = (typeof DEMO_CLIP_KEYS)[number];

export interface DemoFilm {
  id: number;
  title: string;
  description: string;
  year: number;
  genre: string;
  clip: DemoClipKey;
  hue: number;
  /** Played from the CENC copy of its clip, with a ClearKey licence (decision 024). */
  isProtected?: true;
}

export const DEMO_FILMS: DemoFilm[] = [
  {
    id: 1001,
    title: "L'Été indien",
    description: "Un dernier été sur la côte basque, entre secrets de famille et vagues d'équinoxe.",
    year: 2024,
    genre: 'drame',
    clip: 'ocean',
    hue: 20,
  },
  {
    id: 1002,
    title: 'Nuit blanche à Lyon',
    description: 'Un chauffeur de taxi, une passagère en fuite et une nuit qui ne veut pas finir.',
    year: 2023,
    genre: 'action',
    clip: 'city',
    hue: 200,
  },
  {
    id: 1003,
    title: 'Les Aurores',
    description: 'Une astronome part en Laponie traquer la plus belle aurore boréale du siècle.',
    year: 2025,
    genre: 'documentaire',
    clip: 'aurora',
    hue: 120,
  },
  {
    id: 1004,
    title: 'Le Grand Bazar',
    description: 'Quand trois frères héritent d’une quincaillerie, rien ne se passe comme prévu.',
    year: 2022,
    genre: 'comedie',
    clip: 'cartoon',
    hue: 45,
  },
  {
    id: 1005,
    title: 'Marée haute',
    description: 'Un village de pêcheurs face à la tempête du siècle.',
    year: 2021,
    genre: 'drame',
    clip: 'ocean',
    hue: 180,
  },
  {
    id: 1006,
    title: 'Périphérique',
    description: 'Course-poursuite sur le périphérique parisien, une nuit de grève.',
    year: 2024,
    genre: 'action',
    clip: 'city',
    hue: 330,
  },
  {
    id: 1007,
    title: 'Lumières du Nord',
    description: 'Portrait de ceux qui vivent sous les aurores six mois par an.',
    year: 2020,
    genre: 'documentaire',
    clip: 'aurora',
    hue: 260,
  },
  {
    id: 1008,
    title: 'Papa fait du camping',
    description: 'Un week-end en camping qui tourne au chaos, pour toute la famille.',
    year: 2023,
    genre: 'comedie',
    clip: 'cartoon',
    hue: 90,
  },
  {
    id: 1009,
    title: "L'Île aux phares",
    description: "Une gardienne de phare découvre un message vieux d'un siècle.",
    year: 2019,
    genre: 'famille',
    clip: 'ocean',
    hue: 240,
  },
  {
    id: 1010,
    title: 'Béton armé',
    description: 'Un architecte idéaliste contre un promoteur sans scrupules.',
    year: 2022,
    genre: 'drame',
    clip: 'city',
    hue: 10,
    isProtected: true,
  },
  {
    id: 1011,
    title: 'Le Ciel en feu',
    description: 'Des chasseurs d’orages sillonnent les plaines pour filmer l’impossible.',
    year: 2025,
    genre: 'documentaire',
    clip: 'aurora',
    hue: 300,
  },
  {
    id: 1012,
    title: 'Les Bretzels de tante Odile',
    description: 'Concours de pâtisserie, rivalités alsaciennes et fous rires garantis.',
    year: 2024,
    genre: 'comedie',
    clip: 'cartoon',
    hue: 150,
  },
];

export interface DemoSeries {
  id: number;
  name: string;
  description: string;
  genre: string;
  clip: DemoClipKey;
  hue: number;
  seasons: { id: number; number: number; episodes: string[] }[];
}

/** Episodes get ids seasonId * 10 + episode number. */
export const DEMO_SERIES: DemoSeries[] = [
  {
    id: 2001,
    name: 'Brigade du Port',
    description: 'Les enquêtes d’une brigade criminelle sur les quais de Marseille.',
    genre: 'policier',
    clip: 'city',
    hue: 210,
    seasons: [
      { id: 2101, number: 1, episodes: ['Le Conteneur', 'Fausse Piste', 'Dernier Ferry', 'Mistral'] },
      { id: 2102, number: 2, episodes: ['Retour au Port', 'La Calanque', 'Double Jeu', 'Marée Noire'] },
    ],
  },
  {
    id: 2002,
    name: 'Grand Nord',
    description: 'Une famille quitte Paris pour tenir un refuge au-delà du cercle polaire.',
    genre: 'famille',
    clip: 'aurora',
    hue: 160,
    seasons: [
      { id: 2201, number: 1, episodes: ['Le Départ', 'Premier Hiver', 'La Nuit Polaire', 'Le Dégel'] },
      { id: 2202, number: 2, episodes: ['Les Rennes', 'Tempête', 'Le Visiteur', 'Soleil de Minuit'] },
    ],
  },
  {
    id: 2003,
    name: 'Les Toqués',
    description: 'Dans une cuisine étoilée, les commis font la loi. Une comédie en cuisine.',
    genre: 'comedie',
    clip: 'cartoon',
    hue: 30,
    seasons: [{ id: 2301, number: 1, episodes: ['Le Coup de Feu', 'Soufflé Raté', 'L’Inspecteur', 'Service Compris'] }],
  },
  {
    id: 2004,
    name: 'Océans secrets',
    description: 'Plongée dans les grands fonds, là où la lumière ne va jamais.',
    genre: 'documentaire',
    clip: 'ocean',
    hue: 190,
    seasons: [{ id: 2401, number: 1, episodes: ['Les Abysses', 'Récifs', 'Les Géants', 'Migrations'] }],
  },
];

/** Short comedy clips for the comedy genre (spec 2 §1). */
export const DEMO_CLIPS = [
  { id: 3001, title: 'Sketch : le répondeur', clip: 'cartoon' as const },
  { id: 3002, title: 'Sketch : la file d’attente', clip: 'cartoon' as const },
  { id: 3003, title: 'Sketch : le GPS têtu', clip: 'city' as const },
  { id: 3004, title: 'Sketch : vacances au camping', clip: 'ocean' as const },
];

export interface DemoChannel {
  id: number;
  name: string;
  genre: string;
  color: string;
  clip: DemoClipKey;
  programmes: string[];
  /** A Stream channel fed by the service's own live encoder (decision 041); the others are Playlist. */
  isLiveIngest?: true;
}

/** ~20 live channels (spec 2 §1); genres kids and music feed the landing page. */
export const DEMO_CHANNELS: DemoChannel[] = [
  {
    id: 1,
    name: 'Playz Info',
    genre: 'news',
    color: '#d62828',
    clip: 'city',
    programmes: ['Le Journal', 'Édition spéciale', 'Le Débat', 'Météo'],
  },
  {
    id: 2,
    name: 'Playz Sport',
    genre: 'sport',
    color: '#2a9d8f',
    clip: 'city',
    programmes: ['Le Mag du foot', 'Tour de France', 'Ligue 1 : le résumé'],
  },
  {
    id: 3,
    name: 'Ciné Club',
    genre: 'cinema',
    color: '#6a4c93',
    clip: 'aurora',
    programmes: ['Le film du soir', 'Coulisses', 'Court-métrage'],
  },
  {
    id: 4,
    name: 'Loustics',
    genre: 'kids',
    color: '#f4a261',
    clip: 'cartoon',
    programmes: ['Les Petits Explorateurs', 'Dessin animé', 'Contes du soir'],
  },
  {
    id: 5,
    name: 'Mini Z',
    genre: 'kids',
    color: '#e9c46a',
    clip: 'cartoon',
    programmes: ['Le Réveil des Minis', 'Bricolo', 'Chansons douces'],
  },
  {
    id: 6,
    name: 'Cartoonia',
    genre: 'kids',
    color: '#ff6b6b',
    clip: 'cartoon',
    programmes: ['Super Chats', 'Robot Rigolo', 'La Bande à Lulu'],
  },
  {
    id: 7,
    name: 'Tempo',
    genre: 'music',
    color: '#3a86ff',
    clip: 'aurora',
    programmes: ['Top 50', 'Live au Zénith', 'Clips non-stop'],
  },
  {
    id: 8,
    name: 'Jazz & Co',
    genre: 'music',
    color: '#8338ec',
    clip: 'ocean',
    programmes: ['Jazz à Vienne', 'Blue Note', 'Session acoustique'],
  },
  {
    id: 9,
    name: 'Électro FM TV',
    genre: 'music',
    color: '#06d6a0',
    clip: 'city',
    programmes: ['Mix du vendredi', 'DJ Set', 'Nuit électro'],
  },
  {
    id: 10,
    name: 'Découverte',
    genre: 'documentary',
    color: '#118ab2',
    clip: 'aurora',
    programmes: ['Terres extrêmes', 'Planète bleue', 'Les Volcans'],
  },
  {
    id: 11,
    name: 'Océan TV',
    genre: 'documentary',
    color: '#0077b6',
    clip: 'ocean',
    programmes: ['Vie marine', 'Les Phares', 'Surf Trip'],
  },
  {
    id: 12,
    name: 'Rire+',
    genre: 'comedy',
    color: '#ffb703',
    clip: 'cartoon',
    programmes: ['Stand-up', 'Best of sketches', 'Festival du rire'],
  },
  {
    id: 13,
    name: 'Polar',
    genre: 'series',
    color: '#495057',
    clip: 'city',
    programmes: ['Brigade du Port', 'Enquêtes criminelles', 'Cold case'],
  },
  {
    id: 14,
    name: 'Séries Club',
    genre: 'series',
    color: '#c1121f',
    clip: 'city',
    programmes: ['Grand Nord', 'Les Toqués', 'Marathon séries'],
  },
  {
    id: 15,
    name: 'Cuisine TV',
    genre: 'lifestyle',
    color: '#fb8500',
    clip: 'cartoon',
    programmes: ['Chef à domicile', 'Le Marché', 'Pâtisserie'],
  },
  {
    id: 16,
    name: 'Maison & Jardin',
    genre: 'lifestyle',
    color: '#588157',
    clip: 'ocean',
    programmes: ['Jardin secret', 'Déco facile', 'Bricolage'],
  },
  {
    id: 17,
    name: 'Histoire',
    genre: 'documentary',
    color: '#9c6644',
    clip: 'aurora',
    programmes: ['Grands Destins', 'Châteaux de France', 'La Grande Guerre'],
  },
  {
    id: 18,
    name: 'Voyage',
    genre: 'documentary',
    color: '#00b4d8',
    clip: 'ocean',
    programmes: ['Carnets de route', 'Îles lointaines', 'Trains mythiques'],
  },
  {
    id: 19,
    name: 'Auto Moto',
    genre: 'sport',
    color: '#343a40',
    clip: 'city',
    programmes: ['Essais', 'Grand Prix', 'Rallye'],
  },
  {
    id: 20,
    name: 'Playz Direct',
    genre: 'events',
    color: '#ef233c',
    clip: 'aurora',
    isLiveIngest: true,
    programmes: ['Concert exceptionnel', 'Gala', 'Soirée spéciale'],
  },
];

export const DEMO_CATEGORIES = [
  { id: 1, name: 'Comédie', slug: 'comedie' },
  { id: 2, name: 'Documentaire', slug: 'documentaire' },
  { id: 3, name: 'Action', slug: 'action' },
  { id: 4, name: 'Drame', slug: 'drame' },
  { id: 5, name: 'Famille', slug: 'famille' },
];

/** Channels whose programmes last an hour; the others run 30-minute programmes. */
const HOUR_LONG_GENRES = new Set(['cinema', 'documentary', 'series', 'events']);

/** Length of a channel's guide slots, in 30-minute steps. */
export function slotSteps(channel: DemoChannel): 1 | 2 {
  return HOUR_LONG_GENRES.has(channel.genre) ? 2 : 1;
}

/**
 * How long a demo programme's content plays: its whole slot, its clip repeating (the live
 * assembler loops a clip for its content's duration, docs/decisions/022), except the weather,
 * 10 minutes, after which the channel shows the slate (a programme shorter than its slot).
 */
export function programmeSeconds(channel: DemoChannel, title: string): number {
  return title === 'Météo' ? 600 : slotSteps(channel) * 1800;
}

/** Programme contents: id = 5000 + channel * 10 + index. */
export function programmeId(channelId: number, index: number): number {
  return 5000 + channelId * 10 + index;
}
