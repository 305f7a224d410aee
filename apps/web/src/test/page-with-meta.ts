/**
 * A document as the server writes a first visit's page (decisions 111, 139): a `<meta>` named
 * `name` whose content is `value` as JSON (a string as it is: a malformed one, for the tests).
 */
export function pageWithMeta(name: string, value: unknown): Document {
  const doc = document.implementation.createHTMLDocument('Playz');
  const meta = doc.createElement('meta');
  meta.name = name;
  meta.content = typeof value === 'string' ? value : JSON.stringify(value);
  doc.head.append(meta);
  return doc;
}
