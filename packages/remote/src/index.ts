// @playz/remote: the remote-control protocol (spec 2 §4, §7; decision 034) and its client.
export * from './envelope';
export * from './time-update';
export * from './route-rule';
export * from './throttle';
export * from './backoff';
export * from './client';
export * from './screen-ask';
