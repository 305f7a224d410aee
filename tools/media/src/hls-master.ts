export interface HlsVariant {
  uri: string;
  bandwidth: number;
  width: number;
  height: number;
  codecs: string;
}

/** Reads the video variants of a master playlist (the dash muxer writes one per rendition). */
export function parseHlsMaster(text: string): HlsVariant[] {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const variants: HlsVariant[] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const attributes = parseAttributes(line.slice('#EXT-X-STREAM-INF:'.length));
    const uri = lines.slice(i + 1).find((next) => next !== '' && !next.startsWith('#'));
    const [width, height] = (attributes.RESOLUTION ?? '0x0').split('x').map(Number);
    if (!uri) return;
    variants.push({
      uri,
      bandwidth: Number(attributes.BANDWIDTH ?? 0),
      width: width ?? 0,
      height: height ?? 0,
      codecs: attributes.CODECS ?? '',
    });
  });
  return variants;
}

/** KEY=value,KEY="quoted, with commas" */
function parseAttributes(list: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of list.matchAll(/([A-Z0-9-]+)=("[^"]*"|[^,]*)/g)) {
    attributes[match[1]!] = match[2]!.replace(/^"|"$/g, '');
  }
  return attributes;
}
