import type { Carriers } from '@playz/api-contract';

/**
 * The operators of the grid (spec 3 §2 operator-choice, §3 operator ids): the four networks with
 * their low-cost brands under them (parent ids), then "others" (generic France, 10).
 */
export const DIRECT_PASS_OPERATORS: Carriers['operators'] = [
  { id: 1, parentID: null, name: 'Orange', previewUrl: '/images/operators/orange.svg' },
  { id: 2, parentID: null, name: 'SFR', previewUrl: '/images/operators/sfr.svg' },
  { id: 3, parentID: null, name: 'Bouygues Telecom', previewUrl: '/images/operators/bouygues.svg' },
  { id: 4, parentID: null, name: 'Free', previewUrl: '/images/operators/free.svg' },
  { id: 15, parentID: 1, name: 'Sosh', previewUrl: '/images/operators/sosh.svg' },
  { id: 16, parentID: 2, name: 'RED by SFR', previewUrl: '/images/operators/red.svg' },
  { id: 17, parentID: 3, name: 'B&You', previewUrl: '/images/operators/byou.svg' },
  { id: 10, parentID: null, name: 'Autres opérateurs', previewUrl: '/images/operators/others.svg' },
];

export const isKnownOperator = (id: number) => DIRECT_PASS_OPERATORS.some((o) => o.id === id) || id === 99;
