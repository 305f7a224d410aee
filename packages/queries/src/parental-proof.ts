import { useEffect, useEffectEvent, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiErrorReason, type Customer } from '@playz/api-contract';
import { isApiError } from '@playz/api-client';
import { ApiErrorNumber, DEFAULT_PARENTAL_THRESHOLD, needsParentalCode } from '@playz/domain';
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

/** A kids profile was refused what does not suit it: 4 with Reason NotForKidsProfile (decision 059). */
export function isNotForKidsProfile(error: unknown): boolean {
  return isApiError(error, ApiErrorNumber.Forbidden) && error.reason === ApiErrorReason.NotForKidsProfile;
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

/**
 * Whether the programme on air asks for the parental code before it plays (decision 064): the
 * account has a code, the programme is at or above its threshold, and no proof was given for it on
 * this page. The server decides again at the stream call; this lets a running live stream stop at
 * the programme's start instead of playing on until the stream is asked again.
 */
export function programmeNeedsCode(
  customer: Pick<Customer, 'hasParentalCode' | 'parentalThreshold'> | undefined,
  programme: { contentID: number; rating?: number | undefined } | null | undefined,
): boolean {
  if (!customer?.hasParentalCode || !programme) return false;
  const threshold = customer.parentalThreshold ?? DEFAULT_PARENTAL_THRESHOLD;
  return (
    needsParentalCode(programme.rating ?? 0, threshold) && parentalProofOf(String(programme.contentID)) === undefined
  );
}

/**
 * A live channel's stream asked again when the programme on air changes (decision 064): the
 * server then judges the new programme (a kids profile's rating, the account's parental code), and
 * a refusal takes the picture down. Zapping to another channel asks its own stream: not counted.
 */
export function useAskAgainAtProgrammeBoundary(
  channelId: number,
  scheduleId: number | null,
  enabled: boolean,
  ask: () => void,
) {
  const askAgain = useEffectEvent(ask);
  const seen = useRef<{ channelId: number; scheduleId: number | null } | null>(null);
  useEffect(() => {
    const last = seen.current;
    seen.current = { channelId, scheduleId };
    if (enabled && last !== null && last.channelId === channelId && last.scheduleId !== scheduleId) askAgain();
  }, [channelId, scheduleId, enabled]);
}
