export { encryptInitSegment, psshBox, CLEARKEY_SYSTEM_ID, IV_SIZE, type InitInfo } from './cenc-init';
export { encryptMediaSegment, avcSubsamples } from './cenc-segment';
export { encryptClipFolder, protectMpd, kidToUuid } from './encrypt-clip';
