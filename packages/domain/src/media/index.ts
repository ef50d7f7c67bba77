export * from './rules';
export * from './validation';
export * from './contract';
