export { ApiProvider, useApi, useStreamWarmUp } from './api-context';
export { productParamOf, sessionHints } from './session-hints';
export { createQueryClient, queryKeys } from './query-client';
export { appDataQuery, hasProductAccess, useAppData, useLoadedAppData, type AppData } from './app-data';
export { useHomeRows } from './home';
export {
  isNotForKidsProfile,
  isParentalCodeRequired,
  parentalProofOf,
  programmeNeedsCode,
  useAskAgainAtProgrammeBoundary,
  useParentalCodeForContent,
} from './parental-proof';
export {
  channelsQuery,
  channelStreamQuery,
  liveUsageOf,
  useChannelGuide,
  useChannels,
  useChannelStream,
} from './channels';
export {
  contentStreamQuery,
  fetchContent,
  prefetchContent,
  useContent,
  useContentStream,
  useRelatedContents,
} from './content';
export { useContentList, useContentListRelated, useContentListStream } from './content-list';
export { seriesKeys, useSeason, useSeasonLoader, useSeries, useSeriesCatalogue } from './series';
export {
  catalogueBrowseKeys,
  useCategories,
  useCategory,
  useCharacter,
  useCharacters,
  useComedyShow,
  useContentCollection,
  useGames,
} from './catalogue-browse';
export { SEARCH_DEBOUNCE_MS, SEARCH_MAX_LENGTH, SEARCH_PAGE_SIZE, useDebouncedValue, useSearch } from './search';
export { favoriteKeys, useCustomerFavorites, useFavorite, type FavoriteKind } from './favorite';
export { itemsOpening, mayWatch, mayWatchSoldAlone } from './watch-access';
export { contentOpening, type ContentOpening } from './content-opening';
export { itemOfferFor, purchaseOfferFor } from './purchase-offer';
export { useLogin, useLogout, useRegister, type Credentials, type Registration } from './auth';
export {
  allIds,
  hasGrantedSomeConsent,
  mandatoryIds,
  parseCookies,
  readConsent,
  type ConsentSource,
  type ConsentState,
} from './consent/consent-cookies';
export {
  isAdvertisingAllowed,
  isAnalyticsAllowed,
  rememberCookieTypes,
  useConsentState,
  useWriteConsent,
  writeConsent,
} from './consent/consent-store';
export { useAccountConsent } from './consent/use-account-consent';
export { AUDIENCE_COOKIES, clearAudienceCookies, recordPageView, useAudience } from './consent/audience';
export { useQualityLog } from './consent/quality-log';
export { useSwitchProfile } from './profiles';
export {
  connectProfileLanguages,
  preferenceOfProfileLanguages,
  useOptionalApi,
  type LanguageAdopter,
  type ProfileLanguagePreference,
  type ProfileLanguageSync,
} from './profile-languages';
export { useChannelLogos, useReplayCollections, useReplayLastHours, type ReplayTab } from './replay';
export { useListPlaybackStatusSaver, usePlaybackStatusSaver } from './playback-status';
export { isDevicesLimitReached, usePlayingDevices, useReleaseDeviceLease, useStopPlayingDevice } from './device-lease';
