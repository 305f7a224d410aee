import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiErrorReason } from '@playz/api-contract';
import { isApiError } from '@playz/api-client';
import { ApiErrorNumber } from '@playz/domain';
import { useApi } from './api-context';

/**
 * Proofs of the parental code this page was given, by content id (decision 059): a right code for
 * a content opens its stream calls from this session until the proof expires. Kept in memory
 * only: a reload asks again, and nothing of it outlives the tab.
 */
const proofs = new Map<string, { proof: string; expiresAt: number }>();

/** The proof for a content, while it is good. */
export function parentalProofOf(contentId: string): string | undefined {
  const held = proofs.get(contentId);
  if (held && held.expiresAt > Date.now()) return held.proof;
  proofs.delete(contentId);
  return undefined;
}

/** The stream was refused until the parental code is given: 4 with Reason ParentalCodeRequired. */
export function isParentalCodeRequired(error: unknown): boolean {
  return isApiError(error, ApiErrorNumber.Forbidden) && error.reason === ApiErrorReason.ParentalCodeRequired;
}

/**
 * Checks the parental code for one content (POST /customer/parental-code/check with content_id):
 * a right code keeps the proof and asks the content's stream again. Resolves whether the code
 * was right; the lockout's refusal (4, HTTP 429) rejects, as for the profile switch.
 */
export function useParentalCodeForContent(contentId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => {
      const { Valid, ParentalProof } = await api.checkParentalCode({
        body: { code, content_id: Number(contentId) },
      });
      if (Valid && ParentalProof)
        proofs.set(contentId, { proof: ParentalProof.proof, expiresAt: Date.parse(ParentalProof.expiresAt) });
      return Valid;
    },
    onSuccess: (valid) => {
      if (valid) void queryClient.invalidateQueries({ queryKey: ['content', contentId, 'stream'] });
    },
  });
}
