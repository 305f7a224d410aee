export * from './terms';
export * from './store-account';
export * from './saved-card';
