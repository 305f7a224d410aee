import type { Carriers } from '@playz/api-contract';

type Operator = Carriers['operators'][number];

/** Generic operators (spec 3 §3: generic 99, generic France 10): the grid's "others" tile. */
const GENERIC_OPERATOR_IDS = new Set([10, 99]);
const OTHERS_FALLBACK_ID = 99;

export interface OperatorTile {
  key: number;
  name: string;
  logoUrl: string;
  /** What the billing call is made with: the parent operator's id when there is one (spec 3 §2). */
  billingOperatorId: number;
}

/**
 * The operator grid of spec 3 §2: one logo per operator of the carriers data, in its order, a
 * brand billed by its parent network (Sosh, RED, B&You) carrying the parent's id; then the
 * "others" option, always there so a viewer whose operator is not listed can still pay.
 */
export function operatorGrid(operators: readonly Operator[]): { tiles: OperatorTile[]; others: OperatorTile } {
  const tiles = operators
    .filter((operator) => !GENERIC_OPERATOR_IDS.has(operator.id))
    .map((operator) => ({
      key: operator.id,
      name: operator.name,
      logoUrl: operator.previewUrl,
      billingOperatorId: operator.parentID ?? operator.id,
    }));
  const generic = operators.find((operator) => GENERIC_OPERATOR_IDS.has(operator.id));
  return {
    tiles,
    others: {
      key: generic?.id ?? OTHERS_FALLBACK_ID,
      name: generic?.name ?? '',
      logoUrl: generic?.previewUrl || '/images/operators/others.svg',
      billingOperatorId: generic?.parentID ?? generic?.id ?? OTHERS_FALLBACK_ID,
    },
  };
}
