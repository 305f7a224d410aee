import { SERIES_REFUSALS } from '@playz/api-contract/admin';
import { AdminApiError } from '@/api/admin-client';
import type { MessageKey } from '@/i18n/messages';

/** What a refusal says in the member's language: the server's reason (decision 105) or its number. */
export function refusalKey(error: unknown, prefix: 'series' | 'collection'): MessageKey {
  if (error instanceof AdminApiError) {
    const reason = error.message.startsWith(`${prefix}.`) ? error.message.slice(prefix.length + 1) : '';
    if (prefix === 'series' && (SERIES_REFUSALS as readonly string[]).includes(reason))
      return `series.refused.${reason}` as MessageKey;
    if (prefix === 'collection' && ['repeated', 'itself', 'in-use'].includes(reason))
      return `collections.refused.${reason}` as MessageKey;
    if (error.number === 20) return 'series.refused.content';
    if (error.number === 21) return 'series.refused.list';
  }
  return 'series.failed';
}
