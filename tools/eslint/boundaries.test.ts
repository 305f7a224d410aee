import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
// @ts-expect-error plain JavaScript module without types, loaded by eslint.config.js
import { boundaries } from './boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2023, sourceType: 'module' } });
const web = (p: string) => `/repo/apps/web/src/${p}`;

describe('playz/boundaries (CONVENTIONS 6: features and layers apart)', () => {
  tester.run('boundaries', boundaries, {
    valid: [
      { filename: web('features/home/components/row.tsx'), code: "import { x } from '../api/rows';" },
      { filename: web('features/home/components/row.tsx'), code: "import { x } from '@/components/card-carousel';" },
      { filename: web('app/routes/home.route.tsx'), code: "import { x } from '@/features/home/components/row';" },
      { filename: '/repo/packages/domain/src/format/slug.ts', code: "import { x } from './locale';" },
      { filename: '/repo/packages/ui/src/carousel.tsx', code: "import { x } from './carousel-frame';" },
      {
        filename: '/repo/packages/ui/src/carousel.tsx',
        code: "import { CAROUSEL_PLACEHOLDERS } from '@playz/domain';",
      },
      { filename: '/repo/packages/ui/src/carousel.tsx', code: "import { useId } from 'react';" },
      {
        filename: '/repo/apps/server/src/modules/catalogue/catalogue.routes.ts',
        code: "import { x } from './catalogue.service';",
      },
      {
        filename: '/repo/apps/server/src/adapters/paid-messages.ts',
        code: "import { createSmsAdapter } from './sms/sms.adapter';",
      },
      {
        filename: '/repo/apps/server/src/modules/recovery/recovery.service.ts',
        code: "import { createPaidMessages } from '../../adapters/paid-messages';",
      },
      // Decision 054: modules meet at their front door; their own files and the shared
      // infrastructure (sessions/, streaming/) are free; tests, cli/ and db/ are left out.
      {
        filename: '/repo/apps/server/src/modules/playback/playback.service.ts',
        code: "import { parseId } from '../catalogue';",
      },
      {
        filename: '/repo/apps/server/src/modules/playback/playback.service.ts',
        code: "import { createStreamSigner } from '../../streaming/stream-signing';",
      },
      { filename: '/repo/apps/server/src/plugins/metrics.plugin.ts', code: "import remote from '../modules/remote';" },
      {
        filename: '/repo/apps/server/src/modules/billing/checkout/checkout.service.ts',
        code: "import { x } from '../providers/registry';",
      },
      {
        filename: '/repo/apps/server/test/device-leases.api.test.ts',
        code: "import { x } from '../src/modules/playback/playback.service';",
      },
      {
        filename: '/repo/apps/server/src/modules/live/live-streams.test.ts',
        code: "import { x } from '../playback/playback.service';",
      },
      {
        filename: '/repo/apps/server/src/cli/import.ts',
        code: "import { x } from '../modules/catalogue/import-command';",
      },
    ],
    invalid: [
      {
        filename: '/repo/apps/server/src/modules/playback/playback.service.ts',
        code: "import { createCatalogueRepository } from '../catalogue/catalogue.repository';",
        errors: [{ messageId: 'moduleInside' }],
      },
      {
        filename: '/repo/apps/server/src/plugins/streaming.plugin.ts',
        code: "import { x } from '../modules/playback/device-leases';",
        errors: [{ messageId: 'moduleInside' }],
      },
      {
        filename: '/repo/apps/server/src/app.ts',
        code: "import { x } from './modules/billing/lifecycle/billing-job';",
        errors: [{ messageId: 'moduleInside' }],
      },
      {
        filename: '/repo/apps/server/src/modules/billing/cross-screen/cross-screen.service.ts',
        code: "import { createSmsAdapter } from '../../../adapters/sms/sms.adapter';",
        errors: [{ messageId: 'unbudgetedMessage' }],
      },
      {
        filename: '/repo/apps/server/src/app.ts',
        code: "import { createMailAdapter } from './adapters/mail/mail.adapter';",
        errors: [{ messageId: 'unbudgetedMessage' }],
      },
      {
        filename: web('features/home/components/row.tsx'),
        code: "import { x } from '../../landing/api/offers';",
        errors: [{ messageId: 'crossFeature' }],
      },
      {
        filename: web('features/home/components/row.tsx'),
        code: "import { x } from '@/features/player/components/player';",
        errors: [{ messageId: 'crossFeature' }],
      },
      {
        filename: '/repo/packages/domain/src/format/slug.ts',
        code: "import fs from 'node:fs';",
        errors: [{ messageId: 'impureDomain' }],
      },
      {
        filename: '/repo/packages/domain/src/format/slug.ts',
        code: "import { z } from 'zod';",
        errors: [{ messageId: 'impureDomain' }],
      },
      {
        filename: '/repo/packages/ui/src/carousel.tsx',
        code: "import { useTranslation } from 'react-i18next';",
        errors: [{ messageId: 'appInUi' }],
      },
      {
        filename: '/repo/packages/ui/src/carousel.tsx',
        code: "import { MediaCard } from '../../../apps/web/src/components/media-card';",
        errors: [{ messageId: 'appInUi' }],
      },
      {
        filename: '/repo/packages/ui/src/carousel.tsx',
        code: "import { endpoints } from '@playz/api-contract';",
        errors: [{ messageId: 'appInUi' }],
      },
      {
        filename: '/repo/apps/server/src/modules/catalogue/catalogue.routes.ts',
        code: "import { x } from './catalogue.repository';",
        errors: [{ messageId: 'routeToData' }],
      },
    ],
  });
});
