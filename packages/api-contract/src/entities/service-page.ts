import { z } from 'zod';

export const SERVICE_TEXT_PAGES = ['terms', 'privacy', 'faq', 'cookies'] as const;
export type ServiceTextPageName = (typeof SERVICE_TEXT_PAGES)[number];

/**
 * spec 1 §3 Service text page: name and sections. Links in text are plain URLs or paths; the
 * cookies page carries the markers {{cookieSettingsLink}} and {{cookieTable}} that the client
 * replaces (spec 1 §2).
 */
export const serviceTextPageSchema = z.object({
  name: z.string(),
  sections: z.array(z.object({ title: z.string(), text: z.string() })),
});
export type ServiceTextPage = z.infer<typeof serviceTextPageSchema>;
