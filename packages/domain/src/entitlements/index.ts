export * from './subscription-validity';
export * from './access';
export * from './product-access';
export * from './unsubscribe';
export * from './unsubscribe-display';
export * from './purchase-access';
