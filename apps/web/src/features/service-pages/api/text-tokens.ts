/**
 * Service texts are plain text (spec 1 §3 "name and sections"); links in them are clickable
 * (spec 1 §2). A text is cut into plain runs, links (web addresses, e-mail addresses, paths of
 * this site) and the markers the cookies page replaces ({{cookieSettingsLink}}, {{cookieTable}}).
 */
export type TextToken =
  | { kind: 'text'; value: string }
  | { kind: 'url'; value: string }
  | { kind: 'email'; value: string }
  | { kind: 'path'; value: string }
  | { kind: 'marker'; value: string };

const PATTERN =
  /\{\{(\w+)\}\}|(https?:\/\/[^\s<>"]+)|([\w.+-]+@[\w-]+(?:\.[\w-]+)+)|((?<=^|[\s(])\/[a-z0-9][a-z0-9\-/.]*(?:\?[^\s]*)?)/gi;
// Sentence punctuation right after a link belongs to the sentence, not to the link.
const TRAILING = /[.,;:!?)»]+$/;

export function tokenizeText(text: string): TextToken[] {
  const tokens: TextToken[] = [];
  let last = 0;
  const pushText = (value: string) => {
    if (!value) return;
    const previous = tokens.at(-1);
    if (previous?.kind === 'text') previous.value += value;
    else tokens.push({ kind: 'text', value });
  };
  for (const match of text.matchAll(PATTERN)) {
    const [whole, marker, url, email, path] = match;
    const start = match.index;
    pushText(text.slice(last, start));
    if (marker) {
      tokens.push({ kind: 'marker', value: marker });
      last = start + whole.length;
      continue;
    }
    const raw = (url ?? email ?? path) as string;
    const trailing = TRAILING.exec(raw)?.[0] ?? '';
    const value = raw.slice(0, raw.length - trailing.length);
    tokens.push({ kind: url ? 'url' : email ? 'email' : 'path', value });
    last = start + value.length;
  }
  pushText(text.slice(last));
  return tokens;
}
