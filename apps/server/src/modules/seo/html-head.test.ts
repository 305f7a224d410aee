import { describe, expect, it } from 'vitest';
import { FALLBACK_TEMPLATE, injectHead, SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, shareTags } from './html-head';

const page = {
  title: '</title><script>alert("x")</script>',
  description: 'Une "description" & <b>plus</b>',
  canonicalPath: '/content/1/x.html',
  imagePath: '/media/clips/x/poster.jpg',
  type: 'video.movie' as const,
};

describe('share tags (spec 2 §9, decision 014)', () => {
  it('escapes names so a title cannot break out of the head', () => {
    const html = injectHead(FALLBACK_TEMPLATE, shareTags(page, 'https://playz.fr', 'Playz'));
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;/title&gt;&lt;script&gt;');
    expect(html).toContain('content="Une &quot;description&quot; &amp; &lt;b&gt;plus&lt;/b&gt;"');
    // The template's own title is replaced, not doubled.
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('sizes the image 16:9 and gives the large twitter card', () => {
    expect(SHARE_IMAGE_HEIGHT).toBe((SHARE_IMAGE_WIDTH * 9) / 16);
    const tags = shareTags(page, 'https://playz.fr', 'Playz');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(tags).toContain('<meta name="twitter:image" content="https://playz.fr/media/clips/x/poster.jpg" />');
  });
});
