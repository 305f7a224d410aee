import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation';
import type { ServiceTextPageName } from '@playz/api-contract';
import { useApi } from '@playz/queries';

/** GET /service/infos/{terms|privacy|faq|cookies} in the interface language (spec 1 §7). */
export function useServicePage(page: ServiceTextPageName) {
  const api = useApi();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['service-page', page, i18n.language],
    queryFn: async ({ signal }) => (await api.getServicePage({ params: { page }, signal })).Page,
  });
}
