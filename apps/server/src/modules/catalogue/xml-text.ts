// Just enough XML for XMLTV: elements without namespaces, attributes, entities, CDATA.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXmlText(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_m, cdata: string) => cdata.replace(/&/g, '&amp;'))
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      }
      return ENTITIES[name.toLowerCase()] ?? m;
    })
    .trim();
}

export function xmlAttributes(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:-]+)\s*=\s*("([^"]*)"|'([^']*)')/g))
    attrs[m[1]!] = decodeXmlText(m[3] ?? m[4] ?? '');
  return attrs;
}

/** Every <name ...>...</name> (or self-closed) element: its attributes and inner text. */
export function xmlElements(xml: string, name: string): { attrs: Record<string, string>; inner: string }[] {
  const re = new RegExp(`<${name}(\\s[^>]*)?(/>|>([\\s\\S]*?)</${name}\\s*>)`, 'g');
  return [...xml.matchAll(re)].map((m) => ({ attrs: xmlAttributes(m[1] ?? ''), inner: m[3] ?? '' }));
}

/** Text of the first child element, preferring the given language. */
export function childText(inner: string, name: string, lang = 'fr'): string | null {
  const children = xmlElements(inner, name);
  const chosen = children.find((c) => c.attrs.lang === lang) ?? children[0];
  return chosen ? decodeXmlText(chosen.inner) : null;
}
