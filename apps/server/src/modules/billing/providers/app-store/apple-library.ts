import type * as AppleLibrary from '@apple/app-store-server-library';

/**
 * Apple's App Store Server Library, loaded at the first App Store receipt or notification rather
 * than with the server: about 7 MB of heap that a node serving no App Store customer never uses
 * (decision 121). Loaded once, then shared.
 */
let library: Promise<typeof AppleLibrary> | null = null;
export const appleLibrary = () => (library ??= import('@apple/app-store-server-library'));
