import { crc32, deflateSync } from 'node:zlib';

/**
 * The Playz mark (apps/web/public/favicon.svg: a play triangle with the #ff3d6e → #ff7a3d
 * gradient on #07070b) rasterised to a PNG of any size, for the stores' launcher icon and banner
 * (Tizen icon 512×423, Android TV banner 320×180). Drawn here because the TV build ships SVG
 * only and no image tool is installed; a designer's PNG in `<dist>/icon.png` / `banner.png`
 * replaces it.
 */
export function playzMarkPng(width: number, height: number): Buffer {
  const side = Math.min(width, height) * 0.6;
  const cx = width / 2;
  const cy = height / 2;
  // The favicon's triangle M24 18 v28 l22 -14 in a 64 box, centred on the image.
  const ax = cx - side * (10 / 28);
  const top = cy - side / 2;
  const bottom = cy + side / 2;
  const tip = cx + side * (12 / 28);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const inside = x >= ax && y >= top && y <= bottom && x - ax <= (tip - ax) * (1 - Math.abs(y - cy) / (side / 2));
      const t = Math.min(1, Math.max(0, (x - ax + (y - top)) / (2 * side)));
      const [r, g, b] = inside
        ? [0xff, Math.round(0x3d + (0x7a - 0x3d) * t), Math.round(0x6e + (0x3d - 0x6e) * t)]
        : [0x07, 0x07, 0x0b];
      row.writeUInt8(r, 1 + x * 3);
      row.writeUInt8(g, 2 + x * 3);
      row.writeUInt8(b, 3 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}
