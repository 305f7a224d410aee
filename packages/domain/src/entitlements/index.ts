export * from './subscription-validity';
export * from './product-access';
