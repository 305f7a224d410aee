import QRCode from 'qrcode';

/**
 * A QR code PNG for an address, drawn like the TV link codes (link.service.ts): medium error
 * correction survives a glare on a TV screen, the 2-module margin is the quiet zone phones need.
 */
export function renderQrCodePng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 });
}
