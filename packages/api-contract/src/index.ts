export * from './envelope';
export * from './common-params';
export * from './endpoint';
export * from './entities/app';
export * from './entities/customer';
export * from './entities/catalogue';
export * from './entities/playback';
import * as accounts from './endpoints/accounts';
import * as catalogue from './endpoints/catalogue';
import * as playback from './endpoints/playback';

/** Every endpoint of the contract, by name; the server registers them and OpenAPI lists them. */
export const endpoints = { ...accounts, ...catalogue, ...playback };
export type EndpointName = keyof typeof endpoints;
export const API_BASE_PATH = '/api/1.2';
