/** A channel logo as SVG text: crisp at every size, no ffmpeg call, one per channel. */
export function channelLogoSvg(name: string, color: string): string {
  const escaped = name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const fontSize = name.length > 12 ? 30 : name.length > 8 ? 36 : 44;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#111"/></linearGradient></defs>
  <rect width="256" height="256" rx="48" fill="url(#g)"/>
  <text x="128" y="140" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${fontSize}" fill="#fff">${escaped}</text>
</svg>
`;
}
