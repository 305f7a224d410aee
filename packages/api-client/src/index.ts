export { createApiClient, buildPath } from './client';
export type { ApiClient, ApiClientOptions, CallInput, EndpointMethods, EndpointName } from './client';
export {
  ApiClientError,
  ApiError,
  API_CLIENT_ERROR_EVENT,
  CLIENT_ERROR_MESSAGES,
  isApiClientError,
  isApiError,
} from './errors';
export type { ApiClientErrorDetail, ApiClientErrorKind } from './errors';
