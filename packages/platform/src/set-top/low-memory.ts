/** spec 2 §9 "Set-top models UHD86 and UHD87 are the low-memory type". */
export const LOW_MEMORY_MODELS = ['UHD86', 'UHD87'] as const;

/** Model strings carry vendor prefixes or suffixes on some firmware ("Orange UHD86 v2"): match the id. */
export function isLowMemoryModel(model: string | undefined): boolean {
  if (!model) return false;
  return LOW_MEMORY_MODELS.some((id) => new RegExp(`(^|[^A-Z0-9])${id}([^0-9]|$)`, 'i').test(model));
}
