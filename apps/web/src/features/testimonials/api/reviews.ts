/** spec 2 §9: the testimonials page shows 20 reviews, all rated 5 stars. */
export const REVIEW_MAX_RATING = 5;

export type ReviewId =
  | 'r01'
  | 'r02'
  | 'r03'
  | 'r04'
  | 'r05'
  | 'r06'
  | 'r07'
  | 'r08'
  | 'r09'
  | 'r10'
  | 'r11'
  | 'r12'
  | 'r13'
  | 'r14'
  | 'r15'
  | 'r16'
  | 'r17'
  | 'r18'
  | 'r19'
  | 'r20';

export interface Review {
  /** Key of the review text under testimonials.reviews (the text is translated, the name is not). */
  id: ReviewId;
  name: string;
  city: string;
  rating: number;
}

const review = (id: ReviewId, name: string, city: string): Review => ({ id, name, city, rating: REVIEW_MAX_RATING });

export const REVIEWS: readonly Review[] = [
  review('r01', 'Camille Lefèvre', 'Nantes'),
  review('r02', 'Thomas Girard', 'Lyon'),
  review('r03', 'Sophie Martin', 'Bordeaux'),
  review('r04', 'Julien Moreau', 'Lille'),
  review('r05', 'Amandine Roux', 'Toulouse'),
  review('r06', 'Nicolas Fournier', 'Rennes'),
  review('r07', 'Hélène Dubois', 'Strasbourg'),
  review('r08', 'Léa Bertrand', 'Montpellier'),
  review('r09', 'Karim Benali', 'Marseille'),
  review('r10', 'Isabelle Chevalier', 'Annecy'),
  review('r11', 'Mathieu Lambert', 'Grenoble'),
  review('r12', 'Élodie Garnier', 'Dijon'),
  review('r13', 'François Mercier', 'Tours'),
  review('r14', 'Nadia Haddad', 'Paris'),
  review('r15', 'Pierre-Yves Le Gall', 'Brest'),
  review('r16', 'Chloé Faure', 'Clermont-Ferrand'),
  review('r17', 'Bernard Perrin', 'Reims'),
  review('r18', 'Antoine Rousseau', 'Saint-Étienne'),
  review('r19', 'Manon Blanchard', 'Nice'),
  review('r20', 'Aurélie Gauthier', 'Angers'),
];
