import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '@/lib/use-translation';
import { en } from '@playz/i18n/en';
import { ApiProvider, createQueryClient, useContent } from '@playz/queries';
import { createApiClient } from '@playz/api-client';
import { webCommonParams } from '@/lib/api';
import { createI18n } from '@/lib/i18n';
import { useLanguageSync } from './use-language';

// Decision 107: the content's title comes in the language of the `locale` parameter. The page's
// reads may leave before the application data names the customer's language; once it does, the
// content is asked again in it, so an English customer does not keep a French title.

const TITLES: Record<string, string> = {
  fr: 'Le Phare du bout du monde',
  en: 'The Lighthouse at the End of the World',
};
const asked: string[] = [];

/** The server: GET /content/{id} answers the title of the locale parameter (French else). */
const fetchContent: typeof fetch = async (input) => {
  const url = new URL(String(input), 'http://localhost');
  const locale = url.searchParams.get('locale') ?? 'fr';
  asked.push(locale);
  const content = { contentID: 1, title: TITLES[locale] ?? TITLES.fr, description: '' };
  return new Response(JSON.stringify({ Response: { Content: content }, Error: { Number: 0, Message: '' } }), {
    headers: { 'content-type': 'application/json' },
  });
};

function ContentTitle({ customerLocale }: { customerLocale: string | null }) {
  const content = useContent('1');
  // The application data arrives with the customer's language.
  useLanguageSync(true, 'fr', customerLocale);
  return <h1>{content.data?.title ?? '…'}</h1>;
}

function renderPage(customerLocale: string | null) {
  const i18n = createI18n('fr', { en });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <ApiProvider client={createApiClient({ baseUrl: '', getCommonParams: webCommonParams, fetch: fetchContent })}>
          <ContentTitle customerLocale={customerLocale} />
        </ApiProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return i18n;
}

afterEach(() => {
  asked.length = 0;
});

describe('spec 1 §4 the viewer’s language for the catalogue’s texts (decision 107)', () => {
  it('spec 2 §7 a content read in French before the customer’s English was known is asked again in English', async () => {
    const i18n = renderPage('en');
    expect(await screen.findByRole('heading', { name: TITLES.en })).toBeTruthy();
    expect(i18n.language).toBe('en');
    expect(asked.at(-1)).toBe('en');
  });

  it('spec 2 §7 a French customer’s content is asked once, in French', async () => {
    renderPage(null);
    expect(await screen.findByRole('heading', { name: TITLES.fr })).toBeTruthy();
    await waitFor(() => expect(asked).toEqual(['fr']));
  });
});
