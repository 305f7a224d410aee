export * from './terms';
export * from './store-account';
